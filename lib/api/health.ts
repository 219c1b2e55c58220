import { z } from "zod";
import { defineOperation } from "@/lib/core/operation";

// GET /healthz and /healthz/ready: for load balancers and uptime checks; outside /v1, no key.
// Liveness says the process answers (restart it if not); readiness says it can serve now (route
// traffic elsewhere if not): it fails at once, 503 DATABASE_UNAVAILABLE, while the database is away.
export const healthOperation = defineOperation({
  method: "GET",
  path: "/healthz",
  tag: "Health",
  summary: "Liveness: the process answers (the database is not asked)",
  auth: "none",
  response: z.object({ status: z.literal("ok") }).meta({ id: "Health" }),
  errors: ["INTERNAL_ERROR"],
});

export const readinessOperation = defineOperation({
  method: "GET",
  path: "/healthz/ready",
  tag: "Health",
  summary: "Readiness: the process and its database answer; 503 at once while the database is away",
  auth: "none",
  response: z.object({ status: z.literal("ok"), database: z.literal("ok") }).meta({ id: "Readiness" }),
  errors: ["DATABASE_UNAVAILABLE", "INTERNAL_ERROR"],
});
