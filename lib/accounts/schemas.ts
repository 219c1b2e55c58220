import { z } from "zod";
import { singleLine } from "@/lib/http/single-line";
import { modes } from "./modes";
import { countryCodes } from "@/lib/countries";
import { languages } from "@/lib/i18n/languages";

export const createAccountInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().min(8).max(200),
  business: singleLine(100),
  country: z.enum(countryCodes),
});
export type CreateAccountInput = z.input<typeof createAccountInput>;

export const createKeyInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  mode: z.enum(modes),
  name: singleLine(100, { min: 0 }).default(""),
});

export const signupBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().min(8).max(200),
  business_name: singleLine(100),
  country: z.enum(countryCodes),
  language: z.enum(languages).optional().describe("The dashboard's and the mails' language for this login (default `fr`)"),
});

const emailToken = z.string().max(200).describe("The `token` of the mailed link");
const newPassword = z.string().min(8).max(200);

export const confirmSignupBody = z.object({ token: emailToken });
export const resetRequestBody = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) });
export const resetPasswordBody = z.object({ token: emailToken, password: newPassword });

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
});

export const account = z
  .object({
    id: z.uuid(),
    email: z.string(),
    business_name: z.string(),
    country: z.object({ name: z.string(), iso_code: z.string() }),
    currency: z.string(),
    mode: z.enum(modes),
    support_email: z.string().describe("Shown to buyers on checkout pages and receipts (empty: not shown)"),
    support_phone: z.string().describe("Shown to buyers on checkout pages and receipts (empty: not shown)"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Account" });

export const apiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    mode: z.enum(modes),
    prefix: z.string().describe("The first characters, to recognise the key"),
    last4: z.string(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey" });

export const createdApiKey = apiKey.extend({ api_key: z.string().describe("Shown once") }).meta({ id: "CreatedApiKey" });
