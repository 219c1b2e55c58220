"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { accountUpdateBody, invitation, invitationBody, me, member, meUpdateBody } from "@/lib/accounts/team-schemas";
import type { Role } from "@/lib/core/roles";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Account } from "./types";

// Settings and team: the signed-in member, the business profile, members, invitations.
// None depends on the mode, but every key starts with it (one mode's cache at a time).

export type Me = z.output<typeof me>;
export type Member = z.output<typeof member>;
export type Invitation = z.output<typeof invitation>;

const teamKeys = {
  me: (mode: string) => [mode, "team", "me"] as const,
  members: (mode: string) => [mode, "team", "members"] as const,
  invitations: (mode: string) => [mode, "team", "invitations"] as const,
};

export function useMe() {
  const { mode } = useMode();
  return useQuery({ queryKey: teamKeys.me(mode), queryFn: ({ signal }) => apiFetch<Me>("/v1/me", { mode, signal }) });
}

export function useUpdateMe() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof meUpdateBody>) => apiFetch<Me>("/v1/me", { mode, method: "PATCH", body }),
    onSuccess: (data) => client.setQueryData(teamKeys.me(mode), data),
  });
}

export function useUpdateAccount() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof accountUpdateBody>) => apiFetch<Account>("/v1/account", { mode, method: "PATCH", body }),
    onSuccess: (data) => client.setQueryData(queryKeys.account(mode), data),
  });
}

export function useMembers() {
  const { mode } = useMode();
  return useQuery({ queryKey: teamKeys.members(mode), queryFn: ({ signal }) => apiFetch<Member[]>("/v1/members", { mode, signal }) });
}

export function useInvitations() {
  const { mode } = useMode();
  return useQuery({ queryKey: teamKeys.invitations(mode), queryFn: ({ signal }) => apiFetch<Invitation[]>("/v1/invitations", { mode, signal }) });
}

/** A team change, then the lists again. */
function useTeamMutation<T>(call: (mode: "test" | "live", input: T) => Promise<unknown>) {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(mode, input),
    onSettled: () => client.invalidateQueries({ queryKey: [mode, "team"] }),
  });
}

export const useInvite = () =>
  useTeamMutation((mode, body: z.input<typeof invitationBody>) => apiFetch<Invitation>("/v1/invitations", { mode, method: "POST", body }));
export const useRevokeInvitation = () =>
  useTeamMutation((mode, id: string) => apiFetch(`/v1/invitations/${encodeURIComponent(id)}`, { mode, method: "DELETE" }));
export const useChangeRole = () =>
  useTeamMutation((mode, input: { id: string; role: Role }) =>
    apiFetch<Member>(`/v1/members/${encodeURIComponent(input.id)}`, { mode, method: "PATCH", body: { role: input.role } }),
  );
export const useRemoveMember = () =>
  useTeamMutation((mode, id: string) => apiFetch(`/v1/members/${encodeURIComponent(id)}`, { mode, method: "DELETE" }));
