import { z } from "zod";
import { countryCodes } from "@/lib/countries";

export const createAccountInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().min(8).max(200),
  business: z.string().trim().min(1).max(100),
  country: z.enum(countryCodes),
});
export type CreateAccountInput = z.input<typeof createAccountInput>;

export const createKeyInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  mode: z.enum(["test", "live"]),
  name: z.string().trim().max(100).default(""),
});
