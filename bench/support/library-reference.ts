import { openAsBlob } from "node:fs";
import { callApi } from "../../e2e/support/api.ts";

/**
 * A library reference as the benches need it: uploaded by the admin, its poses computed (waited
 * for: not what a bench times) and approved. Answers its id and how long the poses took.
 */
export async function approvedLibraryReference(
  base: string,
  admin: { email: string; password: string },
  video: { file: string; title: string; category: string },
  timeoutMs = 15 * 60_000,
): Promise<{ id: number; posesMs: number }> {
  const { token } = await callApi<{ token: string }>(base, "POST", "/api/auth/login", admin);
  const upload = new FormData();
  upload.set("title", video.title);
  upload.set("category", video.category);
  upload.set("video", await openAsBlob(video.file, { type: "video/mp4" }), "reference.mp4");
  const { video_id: id } = await callApi<{ video_id: number }>(base, "POST", "/api/reference-videos", upload, token);
  const started = Date.now();
  for (;;) {
    const { videos } = await callApi<{ videos: Array<{ id: number; pose_status?: string | null }> }>(
      base,
      "GET",
      "/api/admin/reference-videos?status=all&limit=100",
      undefined,
      token,
    );
    const status = videos.find((v) => v.id === id)?.pose_status;
    if (status === "ready") break;
    if (status === "failed") throw new Error("the reference's poses could not be computed");
    if (Date.now() - started > timeoutMs)
      throw new Error(`reference poses not ready after ${Math.round(timeoutMs / 60_000)} minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const posesMs = Date.now() - started;
  await callApi(base, "PUT", `/api/admin/reference-videos/${id}/review`, { status: "approved" }, token);
  return { id, posesMs };
}
