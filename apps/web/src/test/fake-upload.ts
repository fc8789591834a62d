import { vi } from "vitest";

/**
 * The compare upload (an XMLHttpRequest, for its progress), answering as the server does: 202 with
 * the new comparison `FakeXhr.comparisonId`. Every sent form is kept in `FakeXhr.sent`.
 */
export class FakeXhr {
  static sent: FormData[] = [];
  static comparisonId = 8;
  status = 0;
  responseText = "";
  upload = { onprogress: null };
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push(body);
    this.status = 202;
    this.responseText = JSON.stringify({
      comparison_id: FakeXhr.comparisonId,
      status: "processing",
      progress: 0,
      message: "Your video comparison is being processed.",
      reference_url: "/uploads/ref.mp4",
      user_url: "/uploads/take.webm",
    });
    setTimeout(() => this.onload?.(), 0);
  }
}

/**
 * The browser parts a take is recorded and sent with: the upload (FakeXhr, emptied), this
 * MediaRecorder, a camera that answers at once, and a pose worker that does nothing.
 */
export function stubRecordingAndUpload(recorder: unknown): void {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("MediaRecorder", recorder);
  vi.stubGlobal(
    "Worker",
    class {
      postMessage() {}
      terminate() {}
    },
  );
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => Object.assign(new MediaStream(), { getTracks: () => [] })) },
  });
}
