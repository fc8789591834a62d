import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * One call to the server under test, as a script would make it (optionally with a bearer token): a
 * body is sent as JSON, or as it is when it is a form (multipart). Any answer but 2xx throws with its
 * status and body, so a test's setup never goes on half done; an empty answer is {}.
 */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined || form ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Uploads a library video as the token's user (POST /api/reference-videos) and answers its id. */
export async function uploadLibraryVideo(
  baseUrl: string,
  token: string,
  video: { title: string; category: string; file: string },
): Promise<number> {
  const form = new FormData();
  form.set("title", video.title);
  form.set("category", video.category);
  form.set("video", new Blob([await readFile(video.file)], { type: "video/mp4" }), path.basename(video.file));
  const uploaded = await fetch(`${baseUrl}/api/reference-videos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (uploaded.status !== 201)
    throw new Error(`upload of ${video.title} → ${uploaded.status} ${await uploaded.text()}`);
  return ((await uploaded.json()) as { video_id: number }).video_id;
}

/** Starts a comparison of two uploaded files as the token's user (POST /api/videos/compare) and answers its id. */
export async function submitComparison(
  baseUrl: string,
  token: string,
  files: { reference: string; user: string },
  style = "contemporary",
): Promise<number> {
  const form = new FormData();
  form.append("activity_type", style);
  for (const [field, file] of [
    ["reference_video", files.reference],
    ["user_video", files.user],
  ] as const)
    form.append(field, new Blob([await readFile(file)], { type: "video/mp4" }), path.basename(file));
  const res = await fetch(`${baseUrl}/api/videos/compare`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/videos/compare → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { comparison_id: number }).comparison_id;
}
