import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// s3rver speaks the S3 REST protocol (signatures, multipart, ranges) over files in a folder.
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "../storage/s3.ts";

export type TestS3 = {
  settings: S3Settings;
  /** The same settings as the environment variables a server process reads. */
  env: Record<string, string>;
  /** Every key in the bucket, asked of the server directly. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

/** An S3-compatible server on a free loopback port, with one empty bucket; close() removes its files. */
export async function startS3Server(bucket = "stepsync-test"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "stepsync-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed test credentials: it checks every request's signature against them.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    settings,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint as string,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async keys() {
      const client = new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key as string);
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
