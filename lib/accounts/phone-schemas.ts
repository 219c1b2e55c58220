import { z } from "zod";
import { countryCodes } from "@/lib/countries";
import { boolean } from "@/lib/core/lenient";

// The account's phone numbers for SMS (receipts to buyers are not these: these get the « payé »
// alerts, and in test mode they are the only numbers a receipt SMS may go to). Browser-safe: the
// Settings page's forms use them.

export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;
export const PHONE_LIMIT = 10;

export const accountPhone = z
  .object({
    id: z.uuid(),
    phone_number: z.string().describe("E.164 digits without `+`, e.g. `237670000000`"),
    country: z.enum(countryCodes),
    verified_at: z.iso.datetime().nullable().describe("When its code was typed back; null: not verified yet (gets no SMS but its codes)"),
    alerts: z.boolean().describe("Whether the « payé » alert of every successful payment goes to it (verified numbers only)"),
    code_sent_at: z.iso.datetime().nullable().describe("When its last verification code was sent; null once verified"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AccountPhone" });

export const accountPhones = z
  .object({
    sms: z.enum(["off", "orange"]).describe("This server's SMS provider; `off`: no SMS is sent, numbers cannot be verified"),
    data: z.array(accountPhone),
  })
  .meta({ id: "AccountPhoneList" });

export const addPhoneBody = z.object({
  phone_number: z.string().trim().min(6).max(30).describe("A mobile number: international (`+237 6 70 00 00 00`) or national in `country`")
    .meta({ examples: ["+237 6 70 00 00 00", "6 70 00 00 00"] }),
  country: z.enum(countryCodes).optional().describe("The country a national number is read in; unsaid, the account's"),
});

export const verifyPhoneBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .describe("The 6 digits the SMS gave")
    .meta({ examples: ["123456"] }),
});

export const updatePhoneBody = z.object({ alerts: boolean().describe("The « payé » alerts on or off") });
