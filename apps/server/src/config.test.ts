import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("settings: where files live", () => {
  it("keeps files in DATA_DIR/uploads unless told otherwise", () => {
    const config = loadConfig({ DATA_DIR: "/srv/stepsync" });
    expect(config.storage).toEqual({ kind: "local" });
    expect(config.uploadsDir).toBe(path.join("/srv/stepsync", "uploads"));
  });

  it("STORAGE=s3 reads the bucket settings; local copies for ffmpeg go under DATA_DIR/cache/s3", () => {
    const config = loadConfig({
      DATA_DIR: "/srv/stepsync",
      STORAGE: "s3",
      S3_BUCKET: "videos",
      S3_ENDPOINT: "http://minio:9000/",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      s3: {
        bucket: "videos",
        region: "us-east-1",
        endpoint: "http://minio:9000",
        accessKeyId: "key",
        secretAccessKey: "secret",
      },
      cacheDir: path.join("/srv/stepsync", "cache", "s3"),
    });
  });

  it("refuses STORAGE=s3 without a bucket, and an unknown STORAGE, saying which setting is wrong", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow("Invalid settings: STORAGE=s3 needs S3_BUCKET");
    expect(() => loadConfig({ STORAGE: "gcs" })).toThrow(/Invalid settings: STORAGE: /);
  });
});
