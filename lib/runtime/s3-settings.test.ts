import { describe, expect, it } from "vitest";
import { s3Settings } from "./s3-settings";

// S3_* settings: unset bucket = the local disk; a bad setting is named, its value never shown.
describe("s3Settings", () => {
  const full = { S3_BUCKET: "kola", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "s3cr3t-value" };

  it.each([
    { name: "no S3_BUCKET: the disk", env: {}, settings: null },
    { name: "an empty S3_BUCKET: the disk", env: { S3_BUCKET: "", S3_ENDPOINT: "http://x" }, settings: null },
    {
      name: "a self-hosted store, path-style",
      env: { ...full, S3_REGION: "garage", S3_FORCE_PATH_STYLE: "1" },
      settings: { ...full, S3_REGION: "garage", S3_FORCE_PATH_STYLE: true },
    },
    {
      name: "AWS with the SDK's own credentials (an instance role): region defaults to us-east-1",
      env: { S3_BUCKET: "kola", S3_ENDPOINT: "" },
      settings: { S3_BUCKET: "kola", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false },
    },
  ])("$name", ({ env, settings }) => {
    expect(s3Settings(env)).toEqual(settings);
  });

  it.each([
    { name: "a key id without its secret", env: { S3_BUCKET: "kola", S3_ACCESS_KEY_ID: "id" }, problem: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither" },
    { name: "an endpoint that is no URL", env: { ...full, S3_ENDPOINT: "minio:9000" }, problem: "S3_ENDPOINT: Invalid URL" },
    { name: "a path-style flag that is no flag", env: { ...full, S3_FORCE_PATH_STYLE: "yes" }, problem: "S3_FORCE_PATH_STYLE: Invalid option" },
  ])("$name → refused, naming the setting", ({ env, problem }) => {
    let message = "";
    try {
      s3Settings(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`invalid object storage settings: `);
    expect(message).toContain(problem);
    expect(message).not.toContain("s3cr3t-value");
  });
});
