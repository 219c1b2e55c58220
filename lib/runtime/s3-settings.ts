import { z } from "zod";
import { anyText, field } from "./env-field";

// The S3_* settings of lib/files/s3-store.ts: read together, since some only make sense in pairs.

const flag = z.enum(["1", "true", "0", "false", ""]).transform((v) => v === "1" || v === "true");
const endpoint = z.url({ protocol: /^https?$/ });

const settingsSchema = z
  .object({
    S3_BUCKET: z.string().min(1),
    S3_ENDPOINT: endpoint.optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
  })
  .refine((s) => Boolean(s.S3_ACCESS_KEY_ID) === Boolean(s.S3_SECRET_ACCESS_KEY), {
    message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's default credentials)",
  });

export type S3Settings = z.infer<typeof settingsSchema>;

/** The S3_* settings, or null when S3_BUCKET is unset (files stay on the local disk). */
export function s3Settings(env: Record<string, string | undefined> = process.env): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  const given = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith("S3_") && value !== ""));
  const parsed = settingsSchema.safeParse(given);
  if (!parsed.success) {
    // names the setting, never its value (a secret may be among them)
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "S3_*"}: ${i.message}`).join("; ");
    throw new Error(`invalid object storage settings: ${problems}`);
  }
  return parsed.data;
}

const raw = (value: string | undefined) => value;

/** Each S3_* variable for checkConfig() and the README; s3Settings() reads them as one. */
export const s3Fields = {
  S3_BUCKET: field({
    accepts: anyText,
    read: raw,
    default: "unset",
    expects: "a bucket name",
    description:
      "keep uploaded files in this S3-compatible bucket instead of `DATA_DIR/uploads` (needed as soon as two machines serve Kola). Files are still served by Kola at `/files/{key}`; the bucket stays private",
  }),
  S3_ENDPOINT: field({
    accepts: z.union([z.literal(""), endpoint]),
    read: raw,
    default: "AWS",
    expects: "an http(s) URL",
    description: "the store's address for anything but AWS S3, e.g. `http://minio:9000`, `https://<account>.r2.cloudflarestorage.com`",
  }),
  S3_REGION: field({
    accepts: anyText,
    read: raw,
    default: "`us-east-1`",
    expects: "a region name",
    description: "the bucket's region (self-hosted stores usually take any)",
  }),
  S3_ACCESS_KEY_ID: field({
    accepts: anyText,
    read: raw,
    default: "unset",
    expects: "a key id, with S3_SECRET_ACCESS_KEY",
    description: "the store's credentials, with `S3_SECRET_ACCESS_KEY`; unset, the AWS SDK's own chain (instance or task role, `AWS_*` variables)",
  }),
  S3_SECRET_ACCESS_KEY: field({
    accepts: anyText,
    read: raw,
    default: "unset",
    expects: "a secret key, with S3_ACCESS_KEY_ID",
    description: "the secret of `S3_ACCESS_KEY_ID`",
  }),
  S3_FORCE_PATH_STYLE: field({
    accepts: flag,
    read: raw,
    default: "`0`",
    expects: "`1`, `true`, `0` or `false`",
    description:
      "`1`: address the bucket as `endpoint/bucket/key` (MinIO, Garage, Ceph and most self-hosted stores) rather than `bucket.endpoint/key`",
  }),
};
