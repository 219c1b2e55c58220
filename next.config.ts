import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The interface has `PATCH /v1/api/marketplace/` with its trailing slash: answer it, never redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Native and WASM packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "file-type"],
};

export default nextConfig;
