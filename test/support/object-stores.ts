import fs from "node:fs";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll } from "vitest";
import { startS3Server, type S3Server } from "@/scripts/cluster/s3-server";
import { storedKeys, tempDataDir } from "./files";

// The places uploads can live (lib/files/storage.ts), for tests that run once per place: the local
// disk (DATA_DIR/uploads) and a real S3-compatible server on 127.0.0.1, started for the test file.
// Each store is looked into by its own means (the folder; the S3 API and the server's folder), not
// through Kola's code.

export type StoreUnderTest = {
  name: "disk" | "s3";
  /** Points uploads at this store for the enclosing describe (hooks), and back afterwards. */
  use: () => void;
  /** The keys stored, sorted. */
  keys: () => Promise<string[]>;
  /** A stored object's bytes, or null. */
  bytes: (key: string) => Promise<Buffer | null>;
  /** Removes an object behind Kola's back (bytes lost). */
  drop: (key: string) => Promise<void>;
};

const S3_NAMES = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"];

function setS3Env(env: Record<string, string> | null) {
  for (const name of S3_NAMES) delete process.env[name];
  if (env) Object.assign(process.env, env);
}

/** A temp DATA_DIR and an S3 server for this file; returns both stores and the local uploads folder. */
export function objectStoresUnderTest(): { stores: StoreUnderTest[]; localUploads: () => string } {
  const data = tempDataDir();
  let server: S3Server | undefined;
  let client: S3Client | undefined;
  beforeAll(async () => {
    server = await startS3Server();
    client = new S3Client({
      endpoint: server.env.S3_ENDPOINT,
      region: server.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: server.env.S3_ACCESS_KEY_ID!, secretAccessKey: server.env.S3_SECRET_ACCESS_KEY! },
    });
  });
  afterAll(async () => {
    setS3Env(null);
    client?.destroy();
    await server?.stop();
  });
  const Bucket = () => server!.env.S3_BUCKET!;
  const file = (key: string) => path.join(data.uploads(), key);

  const disk: StoreUnderTest = {
    name: "disk",
    use: () => beforeAll(() => setS3Env(null)),
    keys: async () => storedKeys(data.uploads()),
    bytes: async (key) => (fs.existsSync(file(key)) ? fs.readFileSync(file(key)) : null),
    drop: async (key) => fs.rmSync(file(key)),
  };
  const s3: StoreUnderTest = {
    name: "s3",
    use: () => {
      beforeAll(() => setS3Env(server!.env));
      afterAll(() => setS3Env(null));
    },
    // s3rver refuses the SDK's signature of bucket listings: the keys are read from its folder,
    // where each object is `<key>._S3rver_object`
    keys: async () =>
      storedKeys(path.join(server!.directory, Bucket()))
        .filter((name) => name.endsWith("._S3rver_object"))
        .map((name) => name.slice(0, -"._S3rver_object".length)),
    bytes: async (key) => {
      try {
        const object = await client!.send(new GetObjectCommand({ Bucket: Bucket(), Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    drop: async (key) => {
      await client!.send(new DeleteObjectCommand({ Bucket: Bucket(), Key: key }));
    },
  };
  return { stores: [disk, s3], localUploads: data.uploads };
}
