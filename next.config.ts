import type { NextConfig } from "next";

// Pages where a click could be hijacked by a page framing ours (clickjacking): never framed.
// Not listed: routes that send a whole policy of their own, with `frame-ancestors 'none'` in it
// (the checkout under /pay, the API reference at /docs), since these headers would replace it.
export const unframable = ["/", "/login", "/signup/:path*", "/forgot-password", "/reset-password", "/dev/:path*", "/dashboard/:path*"];
const noFraming = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
];

const nextConfig: NextConfig = {
  // The interface has `PATCH /v1/api/marketplace/` with its trailing slash: answer it, never redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Native and WASM packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "postgres", "file-type", "nodemailer"],
  async headers() {
    return [
      ...unframable.map((source) => ({ source, headers: noFraming })),
      // the counter's service worker lives in public/ (served as it is) and controls /dashboard/counter:
      // the header allows that scope; no-cache: a new version is seen at the next opening
      {
        source: "/counter-sw.js",
        headers: [
          { key: "Service-Worker-Allowed", value: "/dashboard/counter" },
          { key: "Cache-Control", value: "no-cache" },
        ],
      },
    ];
  },
};

export default nextConfig;
