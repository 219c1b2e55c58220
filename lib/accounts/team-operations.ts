import { z } from "zod";
import { defineOperation } from "@/lib/core/operation";
import { account } from "./schemas";
import {
  acceptInvitationBody,
  accountUpdateBody,
  invitation,
  invitationBody,
  me,
  member,
  memberUpdateBody,
  meUpdateBody,
  role,
  switchAccountBody,
} from "./team-schemas";

// Settings and team: the business profile, the signed-in member's own preferences, and
// the members and invitations of the account (DESIGN §1 "Team"). Each says the role it needs;
// members and invitations are the owner's.

const tag = "Account";
const teamTag = "Team";

export const settingsOperations = {
  updateAccount: defineOperation({
    method: "PATCH",
    path: "/v1/account",
    tag,
    summary: "Change the business profile: name, country (same currency), support e-mail and phone",
    description: "Only the fields sent change. The support e-mail and phone are shown to buyers on checkout pages and receipts.",
    auth: "key",
    role: "admin",
    body: accountUpdateBody,
    example: { business_name: "Boutique Awa", support_email: "aide@boutique-awa.example", support_phone: "+237 6 70 00 00 00" },
    response: account,
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "CURRENCY_CHANGE"],
  }),
  getMe: defineOperation({
    method: "GET",
    path: "/v1/me",
    tag,
    summary: "The signed-in member: language, role, notifications, accounts (dashboard session only)",
    auth: "session",
    self: true,
    response: me,
    errors: ["NOT_SIGNED_IN"],
  }),
  updateMe: defineOperation({
    method: "PATCH",
    path: "/v1/me",
    tag,
    summary: "Change the signed-in member's own name, language and e-mail notifications",
    description:
      "Every member may change their own (a viewer and a cashier too): nothing of the account's changes. A cashier gets no mails about the account: switching one on is 403 `INSUFFICIENT_ROLE`.",
    auth: "session",
    role: "viewer",
    self: true,
    body: meUpdateBody,
    example: { language: "en", notifications: { payments: false } },
    response: me,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "INSUFFICIENT_ROLE"],
  }),
  switchAccount: defineOperation({
    method: "POST",
    path: "/api/auth/switch-account",
    tag: "Dashboard sessions",
    summary: "Show another account of the signed-in login in this session",
    auth: "session",
    role: "viewer",
    self: true,
    body: switchAccountBody,
    response: z.object({ account_id: z.uuid() }),
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "ACCOUNT_NOT_FOUND"],
  }),
};

export const memberOperations = {
  list: defineOperation({
    method: "GET",
    path: "/v1/members",
    tag: teamTag,
    summary: "The account's members and their roles, the oldest first (dashboard session only)",
    auth: "session",
    response: z.array(member),
    errors: ["NOT_SIGNED_IN"],
  }),
  update: defineOperation({
    method: "PATCH",
    path: "/v1/members/{member_id}",
    tag: teamTag,
    summary: "Change a member's role",
    description:
      "Owners only. The last owner cannot be demoted (409 `LAST_OWNER`): make someone else owner first. In the same transaction, the API keys the member made are lowered to the new role when they were above it, and their open invitations of a role they can no longer give stop working. A cashier holds no key and invites no one: demoting a member to cashier revokes all their keys and invitations, and switches their mails about the account off.",
    auth: "session",
    role: "owner",
    changesTeam: true,
    params: z.object({ member_id: z.uuid() }),
    body: memberUpdateBody,
    example: { role: "developer" },
    response: member,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "MEMBER_NOT_FOUND", "LAST_OWNER"],
  }),
  remove: defineOperation({
    method: "DELETE",
    path: "/v1/members/{member_id}",
    tag: teamTag,
    summary: "Remove a member: their sessions, their API keys and their invitations end at once",
    description:
      "Owners only. The last owner cannot be removed (409 `LAST_OWNER`). In one transaction: the member's sessions in this account end, the API keys they made are revoked (take one over first to keep it: POST /v1/api-keys/{key_id}/take-over) and their open invitations stop working. A request of theirs in flight finishes before, or is refused after.",
    auth: "session",
    role: "owner",
    changesTeam: true,
    params: z.object({ member_id: z.uuid() }),
    response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "MEMBER_NOT_FOUND", "LAST_OWNER"],
  }),
};

export const invitationOperations = {
  list: defineOperation({
    method: "GET",
    path: "/v1/invitations",
    tag: teamTag,
    summary: "Invitations not accepted yet, the newest first (dashboard session only)",
    auth: "session",
    response: z.array(invitation),
    errors: ["NOT_SIGNED_IN"],
  }),
  create: defineOperation({
    method: "POST",
    path: "/v1/invitations",
    tag: teamTag,
    summary: "Invite someone by e-mail with a role; the link works once, for 7 days",
    description:
      "Owners only. Inviting an address again replaces its open invitation (new role, new link; the old link stops working): that is how an invitation is sent again. At most 3 invitation mails an hour to one address and 20 an hour from one account (429 `RATE_LIMITED` with `Retry-After`). The link works only while its sender is a member of the account with the invitation's role or above: removing them revokes it, and so does demoting them below it.",
    auth: "session",
    role: "owner",
    body: invitationBody,
    example: { email: "comptable@boutique-awa.example", role: "viewer" },
    response: invitation,
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "ALREADY_A_MEMBER", "RATE_LIMITED"],
  }),
  revoke: defineOperation({
    method: "DELETE",
    path: "/v1/invitations/{invitation_id}",
    tag: teamTag,
    summary: "Withdraw an invitation: its link stops working",
    auth: "session",
    role: "owner",
    params: z.object({ invitation_id: z.uuid() }),
    response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
    errors: ["NOT_SIGNED_IN", "CROSS_SITE_REQUEST", "INVITATION_NOT_FOUND"],
  }),
  accept: defineOperation({
    method: "POST",
    path: "/api/auth/invitations/accept",
    tag: "Dashboard sessions",
    summary: "Accept an invitation: join the account and sign in",
    description:
      "Spends the link. Signed in as the invited address: joins at once. Otherwise `password` is that login's password, or a new login's (8+ characters) when the address has none yet. Takes only `application/json` from the dashboard's own origin.",
    auth: "none",
    body: acceptInvitationBody,
    response: z.object({ account_id: z.uuid(), email: z.string(), role }),
    errors: ["INVALID_TOKEN", "INVALID_CREDENTIALS", "CROSS_SITE_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED"],
  }),
};
