// The two worlds every merchant-owned row lives in (DESIGN §1). Dependency-free: the browser,
// lib/db/schema.ts and the API schemas all import it.

export const modes = ["test", "live"] as const;
export type Mode = (typeof modes)[number];
