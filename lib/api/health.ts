import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

// GET /healthz: for load balancers and uptime checks; lives outside /v1 and needs no key.
export const healthOperation = defineOperation({
  method: "GET",
  path: "/healthz",
  tag: "Health",
  summary: "Liveness and database reachability",
  auth: "none",
  response: z.object({ status: z.literal("ok"), database: z.literal("ok") }).meta({ id: "Health" }),
  errors: ["INTERNAL_ERROR"],
});
