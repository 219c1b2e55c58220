import { z } from "zod";
import { defineOperation } from "@/lib/core/operation";
import { accountPhone, accountPhones, addPhoneBody, PHONE_CODE_MINUTES, PHONE_CODE_TRIES, PHONE_LIMIT, updatePhoneBody, verifyPhoneBody } from "./phone-schemas";

// The account's numbers for SMS (the Settings page, « Numéros pour les SMS »): dashboard session
// only, admins and above, like the business profile.

const tag = "Account";
const params = z.object({ phone_id: z.uuid() });
const session = ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST"] as const;

export const phoneOperations = {
  list: defineOperation({
    method: "GET",
    path: "/v1/account/phones",
    tag,
    summary: "The account's numbers for SMS, the oldest first, and whether this server sends SMS (dashboard session only)",
    auth: "session",
    role: "admin",
    response: accountPhones,
    errors: ["NOT_SIGNED_IN"],
  }),
  add: defineOperation({
    method: "POST",
    path: "/v1/account/phones",
    tag,
    summary: "Add a number (or ask for a new code): a 6-digit code is sent to it by SMS",
    description: `The code works for ${PHONE_CODE_MINUTES} minutes and ${PHONE_CODE_TRIES} tries (POST /v1/account/phones/{phone_id}/verify). Adding a number not verified yet again sends a new code: at most 3 an hour to one number and 10 an hour from one account (429 \`RATE_LIMITED\` with \`Retry-After\`). A number already verified is returned as it is. At most ${PHONE_LIMIT} numbers. 503 \`SMS_UNAVAILABLE\` when this server sends no SMS.`,
    auth: "session",
    role: "admin",
    body: addPhoneBody,
    example: { phone_number: "+237 6 70 00 00 00" },
    response: accountPhone,
    errors: [...session, "SMS_UNAVAILABLE", "PHONE_LIMIT_REACHED", "RATE_LIMITED"],
  }),
  verify: defineOperation({
    method: "POST",
    path: "/v1/account/phones/{phone_id}/verify",
    tag,
    summary: "Verify a number with the code its SMS gave",
    description: `A wrong code counts as a try (400 \`PHONE_CODE_INVALID\`); after ${PHONE_CODE_TRIES} tries, or ${PHONE_CODE_MINUTES} minutes, the code no longer works (400 \`PHONE_CODE_EXPIRED\`): ask for a new one.`,
    auth: "session",
    role: "admin",
    params,
    body: verifyPhoneBody,
    example: { code: "482913" },
    response: accountPhone,
    errors: [...session, "PHONE_NOT_FOUND", "PHONE_CODE_INVALID", "PHONE_CODE_EXPIRED"],
  }),
  update: defineOperation({
    method: "PATCH",
    path: "/v1/account/phones/{phone_id}",
    tag,
    summary: "Turn a number's « payé » alerts on or off",
    auth: "session",
    role: "admin",
    params,
    body: updatePhoneBody,
    example: { alerts: false },
    response: accountPhone,
    errors: [...session, "PHONE_NOT_FOUND"],
  }),
  remove: defineOperation({
    method: "DELETE",
    path: "/v1/account/phones/{phone_id}",
    tag,
    summary: "Remove a number: it gets no more SMS",
    auth: "session",
    role: "admin",
    params,
    response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
    errors: [...session, "PHONE_NOT_FOUND"],
  }),
};
