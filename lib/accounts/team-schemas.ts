import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { countryCodes } from "@/lib/countries";
import { boolean, optional } from "@/lib/core/lenient";
import { languages } from "@/lib/core/languages";
import { notificationPreferences } from "@/lib/core/notification-kinds";
import { roles } from "@/lib/core/roles";
import { cardFeeRules, MAX_CARD_SURCHARGE_BPS } from "@/lib/core/cards";

// Settings and team: the zod schemas of the account's profile, the signed-in member's
// own preferences, members and invitations. Used by the routes, the OpenAPI document and the
// dashboard's forms alike (no server code here: the browser imports it).

// the piped rule, for the reference (zod documents a pipe's input: a plain string)
const email = z.string().trim().toLowerCase().pipe(z.email().max(254)).meta({ format: "email", maxLength: 254 });
const when = z.iso.datetime();

export const role = z
  .enum(roles)
  .describe(
    "owner: everything, members included; admin: everything but members; developer: API keys, webhooks and reading; viewer: reading only; cashier: the counter only (asks buyers to pay, sees its own sales of the day)",
  );

// optional() (lib/core/lenient): absent or null, a field is not changed
export const accountUpdateBody = z
  .object({
    business_name: optional(singleLine(100)),
    // not optional(): an account always has a country, and `null` would read as "none" (422)
    country: z
      .enum(countryCodes)
      .optional()
      .describe("Another country of the same currency (the currency of an account never changes: 409 `CURRENCY_CHANGE`); `null` is refused"),
    support_email: optional(z.union([z.literal(""), email])).describe("Shown to buyers on checkout pages and receipts; `\"\"` hides it"),
    support_phone: optional(
      z
        .string()
        .trim()
        .max(32)
        .regex(/^[+\d\s\-().]*$/, "digits, spaces and + - ( ) . only")
        // libphonenumber's check (a real number) has no JSON Schema: examples of numbers it takes
        .meta({ examples: ["", "+237 6 70 00 00 00", "6 70 00 00 00"] }),
    ).describe("Shown to buyers on checkout pages and receipts: international (+237 …) or the account country's national form; `\"\"` hides it"),
    cards_enabled: optional(boolean()).describe("Offer « Carte bancaire » (CinetPay's card channel) on the checkout pages, where CinetPay is the mode's provider"),
    card_fee_rule: optional(z.enum(cardFeeRules)).describe("`merchant`: the merchant absorbs the card fee; `buyer`: the buyer pays `card_surcharge_percent` on top, shown before paying"),
    card_surcharge_percent: optional(
      z
        .string()
        .trim()
        .regex(/^(10(\.0{1,2})?|\d(\.\d{1,2})?)$/, { message: `must be a number from 0 to ${MAX_CARD_SURCHARGE_BPS / 100} with at most 2 decimals` }),
    ).describe("The card surcharge in percent when the buyer pays it: decimal text from 0 to 10, at most 2 decimals (a dot)"),
  })
  .meta({ id: "AccountUpdate" });

const notificationSwitches = z.object(
  Object.fromEntries(notificationPreferences.map((name) => [name, z.boolean()])) as Record<(typeof notificationPreferences)[number], z.ZodBoolean>,
);

export const me = z
  .object({
    user_id: z.uuid(),
    email: z.string(),
    name: z.string(),
    language: z.enum(languages).describe("The dashboard's language at sign-in and the language of this member's mails"),
    account_id: z.uuid().describe("The account this session shows"),
    role,
    notifications: notificationSwitches.describe(
      "The mails this member gets about the account: each successful payment, each refund, each failed payout, each live-mode provider alert",
    ),
    accounts: z.array(z.object({ id: z.uuid(), business_name: z.string(), role })).describe("Every account this login is a member of"),
  })
  .meta({ id: "Me" });

export const meUpdateBody = z
  .object({
    name: optional(singleLine(100, { min: 0 })),
    language: optional(z.enum(languages)),
    notifications: optional(
      z.object(
        Object.fromEntries(notificationPreferences.map((name) => [name, optional(boolean())])) as Record<
          (typeof notificationPreferences)[number],
          z.ZodOptional<z.ZodType<boolean, boolean>>
        >,
      ),
    ).describe("Only the switches sent change"),
  })
  .meta({ id: "MeUpdate" });

export const member = z
  .object({
    id: z.uuid().describe("The membership's id (not the user's)"),
    user_id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role,
    joined_at: when,
  })
  .meta({ id: "Member" });

export const memberUpdateBody = z.object({ role }).meta({ id: "MemberUpdate" });

export const invitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role,
    invited_by: z.string().nullable().describe("The inviter's e-mail (null once they are gone)"),
    created_at: when,
    expires_at: when,
    expired: z.boolean().describe("Past `expires_at`: invite the address again to send a new link"),
  })
  .meta({ id: "Invitation" });

export const invitationBody = z.object({ email, role }).meta({ id: "InvitationCreate" });

export const acceptInvitationBody = z.object({
  token: z.string().max(200).describe("The `token` of the mailed link"),
  password: optional(z.string().max(200)).describe("A new login's password (8+ characters), or an existing login's"),
  name: optional(singleLine(100, { min: 0 })),
  language: optional(z.enum(languages)),
});

export const switchAccountBody = z.object({ account_id: z.uuid() });
