import type { BrowserContext } from "playwright-core";

/**
 * A dancer who follows the reference exactly. Chromium's fake camera plays its file on its own
 * clock, from whenever the camera opened, so it cannot stand for someone dancing along; this one
 * can: the camera's picture is whatever the recording dialog's reference video shows at that moment
 * (the microphone stays Chromium's fake one). A take that starts in step with the reference
 * therefore holds the reference from the moment it started; one that starts early or late holds it
 * shifted.
 */
export async function cameraFollowsTheReference(context: BrowserContext): Promise<void> {
  // Page code as text: this project's e2e typings have no DOM.
  await context.addInitScript({
    content: `(() => {
      const devices = navigator.mediaDevices;
      const original = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const real = await original(constraints);
        const canvas = document.createElement("canvas");
        canvas.width = 360;
        canvas.height = 640;
        const ctx = canvas.getContext("2d");
        const paint = () => {
          const reference = document.querySelector('[data-testid="dance-along-reference"]');
          ctx.fillStyle = "#1a1a1a";
          ctx.fillRect(0, 0, canvas.width, canvas.height);
          if (reference && reference.readyState >= 2) ctx.drawImage(reference, 0, 0, canvas.width, canvas.height);
          requestAnimationFrame(paint);
        };
        paint();
        for (const track of real.getVideoTracks()) track.stop();
        return new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...real.getAudioTracks()]);
      };
    })();`,
  });
}
