import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { modes } from "@/lib/core/modes";
import { keyRoles } from "@/lib/core/roles";
import { countryCodes } from "@/lib/countries";
import { cardFeeRules } from "@/lib/core/cards";
import { languages } from "@/lib/core/languages";

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
export const changePasswordBody = z.object({ current_password: z.string().min(1).max(200), new_password: newPassword });

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
    cards: z
      .object({
        enabled: z.boolean(),
        fee_rule: z.enum(cardFeeRules),
        surcharge_percent: z.string(),
      })
      .describe("Card payments (« Carte bancaire », through CinetPay's card channel): offered or not, and who bears the card fee"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Account" });

const keyRole = z
  .enum(keyRoles)
  .describe(
    "What the key may do, as a member of that role (admin: everything but the team; developer: API keys, webhooks and reading; viewer: reading only). Never above the role of the member who made it; a key is admin at most",
  );

export const createKeyBody = z
  .object({
    name: singleLine(100),
    role: keyRole.optional().describe("At most your own role (admin at most); unsaid, the highest you may give"),
  })
  .meta({ id: "ApiKeyCreate" });

export const apiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    mode: z.enum(modes),
    role: keyRole,
    created_by: z
      .object({ user_id: z.uuid(), email: z.string() })
      .describe("The member the key answers to: their removal revokes it, their demotion lowers it (an owner may take it over first)"),
    prefix: z.string().describe("The first characters, to recognise the key"),
    last4: z.string(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey" });

export const createdApiKey = apiKey.extend({ api_key: z.string().describe("Shown once") }).meta({ id: "CreatedApiKey" });
