import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "@/lib/runtime/s3-settings";
import type { ObjectStore } from "./object-store";

// Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, Cloudflare R2, Scaleway…)
// through the AWS SDK v3 client. Kola still serves them at /files/{key} (app/files/[key]/route.ts):
// the bucket stays private, the headers (stored type, nosniff, CSP sandbox) are ours whatever the
// store sends, and the URLs copied into marketplace links never change with the store.

const store = globalThis as unknown as { __kolaS3?: { settings: string; client: S3Client } };

// the SDK is loaded on first use: a server keeping files on its disk never loads it
const sdk = () => import("@aws-sdk/client-s3");

async function client(settings: S3Settings): Promise<S3Client> {
  const id = JSON.stringify(settings);
  const { S3Client } = await sdk();
  if (store.__kolaS3?.settings !== id) {
    store.__kolaS3?.client.destroy();
    const client = new S3Client({
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      // self-hosted stores (MinIO, Garage, s3rver…) answer at endpoint/bucket, not bucket.endpoint
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      credentials: settings.S3_ACCESS_KEY_ID
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY! }
        : undefined,
      // the SDK's default CRC32 trailers (aws-chunked bodies) are refused by many S3-compatible
      // stores; checksums only where an operation requires them work everywhere
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // a store that does not answer must not hold a request (or a buyer's logo) for long
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
      maxAttempts: 3,
    });
    store.__kolaS3 = { settings: id, client };
  }
  return store.__kolaS3.client;
}

export function s3Store(settings: S3Settings): ObjectStore {
  const Bucket = settings.S3_BUCKET;
  return {
    async write(key, bytes, contentType) {
      const [s3, { PutObjectCommand }] = await Promise.all([client(settings), sdk()]);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async read(key) {
      const [s3, { GetObjectCommand, S3ServiceException }] = await Promise.all([client(settings), sdk()]);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        const notFound = error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
        if (notFound) return null;
        throw error;
      }
    },
    async remove(key) {
      const [s3, { DeleteObjectCommand }] = await Promise.all([client(settings), sdk()]);
      // S3 answers 204 for a key already gone: a retried delete is fine
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
