// A real S3-compatible server for tests and the two-node demo: @20minutes/s3rver (a maintained fork
// of s3rver) speaks the S3 REST API over HTTP, checks AWS Signature V4, and keeps objects in a
// folder. Kola reaches it exactly as it reaches AWS S3 or MinIO: through the AWS SDK, path-style.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

// s3rver's fixed key pair: it refuses requests signed with anything else
export const S3RVER_KEY_ID = "S3RVER";
export const S3RVER_SECRET = "S3RVER";

export type S3Server = { env: Record<string, string>; directory: string; stop: () => Promise<void> };

/** Starts the server on a free 127.0.0.1 port with one empty bucket; `env` holds Kola's S3_* settings. */
export async function startS3Server(options: { bucket?: string; directory?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? "kola-uploads";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "kola-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3RVER_SECRET,
      S3_FORCE_PATH_STYLE: "1",
    },
    directory,
    stop: async () => {
      await server.close();
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
