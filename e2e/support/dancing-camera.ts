import type { BrowserContext, Page } from "playwright-core";

/** A fake camera's picture size, and the share of its height the reference's picture takes. */
export interface FakeCamera {
  width: number;
  height: number;
  share: number;
}

/**
 * A dancer who follows the reference exactly. Chromium's fake camera plays its file on its own
 * clock, from whenever the camera opened, so it cannot stand for someone dancing along; this one
 * can: the camera's picture is whatever the recording dialog's reference video shows at that moment
 * (the microphone stays Chromium's fake one). A take that starts in step with the reference
 * therefore holds the reference from the moment it started; one that starts early or late holds it
 * shifted.
 *
 * `lateByMs`: a dancer that far behind the reference throughout — the camera shows what the
 * reference showed that long ago (so she stands still for that long once it starts).
 * `camera`: the camera's picture size (default a phone's 360×640, the reference filling it) and the
 * share of its height the reference's picture takes, centred (a laptop's 1280×720 with the dancer a
 * few metres away: 0.6).
 */
export async function cameraFollowsTheReference(
  context: BrowserContext,
  { lateByMs = 0, camera = { width: 360, height: 640, share: 1 } }: { lateByMs?: number; camera?: FakeCamera } = {},
): Promise<void> {
  // Page code as text: this project's e2e typings have no DOM.
  await context.addInitScript({
    content: `(() => {
      const lateByMs = ${JSON.stringify(lateByMs)};
      const camera = ${JSON.stringify(camera)};
      const devices = navigator.mediaDevices;
      const original = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const real = await original(constraints);
        const canvas = document.createElement("canvas");
        canvas.width = camera.width;
        canvas.height = camera.height;
        const ctx = canvas.getContext("2d");
        /** What the reference shows now, drawn on a canvas. */
        const draw = (target) => {
          const reference = document.querySelector('[data-testid="dance-along-reference"]');
          const c = target.getContext("2d");
          c.fillStyle = "#1a1a1a";
          c.fillRect(0, 0, target.width, target.height);
          if (!reference || reference.readyState < 2) return;
          if (camera.share >= 1) return c.drawImage(reference, 0, 0, target.width, target.height);
          const h = camera.share * target.height;
          const w = (h * reference.videoWidth) / reference.videoHeight;
          c.drawImage(reference, (target.width - w) / 2, (target.height - h) / 2, w, h);
        };
        // A late dancer: the reference's pictures of the last lateByMs, oldest first (a new one only
        // while the reference moves), and spare canvases.
        const past = [];
        const spare = [];
        let lastTime = -1;
        let shown = null;
        const paint = () => {
          if (lateByMs <= 0) draw(canvas);
          else {
            const now = performance.now();
            const reference = document.querySelector('[data-testid="dance-along-reference"]');
            const time = reference ? reference.currentTime : -1;
            if (time !== lastTime || past.length === 0) {
              lastTime = time;
              const frame = spare.pop() || Object.assign(document.createElement("canvas"), { width: camera.width, height: camera.height });
              draw(frame);
              past.push({ at: now, frame });
            }
            while (past.length > 1 && past[1].at <= now - lateByMs) spare.push(past.shift().frame);
            if (past[0] !== shown) {
              shown = past[0];
              ctx.drawImage(shown.frame, 0, 0);
            }
          }
          requestAnimationFrame(paint);
        };
        paint();
        for (const track of real.getVideoTracks()) track.stop();
        return new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...real.getAudioTracks()]);
      };
    })();`,
  });
}

/**
 * The compare form's take_offset_s of every comparison the page starts, in order (undefined where it
 * sent none). Read from the form as it is sent: the request's body, with its video, is not shown
 * to the test. Kept in the tab's session storage, so it outlives a page load.
 */
export async function takeOffsetsSent(
  context: BrowserContext,
): Promise<(p: Page) => Promise<Array<string | undefined>>> {
  await context.addInitScript({
    content: `(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData && body.has("user_video")) {
          const sent = JSON.parse(sessionStorage.getItem("e2e:take-offsets") || "[]");
          sent.push(body.get("take_offset_s"));
          sessionStorage.setItem("e2e:take-offsets", JSON.stringify(sent));
        }
        return send.call(this, body);
      };
    })();`,
  });
  return async (p) => {
    const sent = await p.evaluate(() => {
      const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
        .sessionStorage;
      return JSON.parse(storage.getItem("e2e:take-offsets") ?? "[]") as Array<string | null>;
    });
    return sent.map((v) => v ?? undefined);
  };
}
