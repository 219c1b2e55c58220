"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { roles, type Role } from "@/lib/core/roles";
import { errorMessage } from "@/lib/forms/messages";
import { formatDate } from "@/lib/i18n/numbers";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { Can, useMayUse } from "@/lib/query/role";
import { useChangeRole, useInvitations, useInvite, useMe, useMembers, useRemoveMember, useRevokeInvitation, type Invitation, type Member } from "@/lib/query/team";
import { QueryList } from "../../_components/query-list";
import { InviteDialog } from "./invite-dialog";

/** Team: who has access and with which role; owners invite, change roles and remove. */
export function TeamPage() {
  const { t } = useI18n();
  const words = t.team.team;
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader title={words.title} description={words.intro} action={<Can operation="invitation_create"><Button onClick={() => setInviting(true)}>{words.invite}</Button></Can>} />
      <div className="flex flex-col gap-6">
        <MembersCard />
        <InvitationsCard />
        <RolesCard />
      </div>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}

function MembersCard() {
  const { t, lang, fill } = useI18n();
  const words = t.team.team;
  const members = useMembers();
  const me = useMe();
  const account = useAccount();
  const mayChangeRole = useMayUse("member_update");
  const mayRemove = useMayUse("member_remove");
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const remove = useRemoveMember();
  return (
    <Card title={words.members}>
      <QueryList query={members} items={members.data} loading={t.common.loading} rows={2}>
        {(items) => (
          // a table, one card per member on phones: who, their role, since when (a line of its own: an
          // e-mail needs the card's width), then the action
          <Table label={words.members}>
            <THead actions={t.common.actions}>
              <Th>{words.colMember}</Th>
              <Th>{words.colRole}</Th>
              <Th>{words.colJoined}</Th>
            </THead>
            <TBody>
              {items.map((m) => (
                <Tr key={m.id} testId="member">
                  <Td kind="primary">
                    <p className="font-medium [overflow-wrap:anywhere]">
                      {m.name || m.email}
                      {m.user_id === me.data?.user_id && <span className="ml-1 text-sm font-normal text-stone-600">({words.you})</span>}
                    </p>
                    {m.name && <p className="text-sm font-normal text-stone-600 [overflow-wrap:anywhere]">{m.email}</p>}
                  </Td>
                  <Td kind="status">{mayChangeRole ? <RoleSelect member={m} /> : <Badge>{t.team.roles[m.role]}</Badge>}</Td>
                  <Td kind="detail" label={words.colJoined} className="whitespace-nowrap text-stone-600">
                    {formatDate(m.joined_at, lang)}
                  </Td>
                  <Td kind="actions" className="text-right">
                    {mayRemove && (
                      <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" aria-label={fill(words.removeLabel, { email: m.email })} onClick={() => setToRemove(m)}>
                        {words.remove}
                      </Button>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </QueryList>
      <ConfirmDialog
        open={Boolean(toRemove)}
        title={words.removeTitle}
        text={toRemove && fill(words.removeText, { email: toRemove.email, business: account.data?.business_name ?? "" })}
        confirmLabel={words.remove}
        successMessage={words.removed}
        onConfirm={() => remove.mutateAsync(toRemove!.id)}
        onClose={() => setToRemove(null)}
      />
    </Card>
  );
}

function RoleSelect({ member }: { member: Member }) {
  const { t, fill } = useI18n();
  const change = useChangeRole();
  const notify = useToast();
  const onChange = async (role: Role) => {
    try {
      await change.mutateAsync({ id: member.id, role });
      notify(fill(t.team.team.roleChanged, { email: member.email, role: t.team.roles[role] }));
    } catch (error) {
      notify(errorMessage(error, t), "error");
    }
  };
  return (
    <Select
      aria-label={fill(t.team.team.changeRole, { email: member.email })}
      value={member.role}
      disabled={change.isPending}
      onChange={(e) => void onChange(e.target.value as Role)}
      className="min-w-36"
    >
      {roles.map((r) => (
        <option key={r} value={r}>
          {t.team.roles[r]}
        </option>
      ))}
    </Select>
  );
}

function InvitationsCard() {
  const { t, lang, fill } = useI18n();
  const words = t.team.team;
  const invitations = useInvitations();
  const mayInvite = useMayUse("invitation_create"); // resending is inviting again
  const mayRevoke = useMayUse("invitation_revoke");
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const notify = useToast();
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done);
    } catch (error) {
      notify(errorMessage(error, t), "error");
    }
  };
  const resend = (i: Invitation) => act(() => invite.mutateAsync({ email: i.email, role: i.role }), fill(words.resent, { email: i.email }));
  return (
    <Card title={words.invitations}>
      <QueryList query={invitations} items={invitations.data} loading={t.common.loading} rows={1} empty={<EmptyState title={words.invitationsEmpty} />}>
        {(items) => (
          <Table label={words.invitations}>
            <THead actions={t.common.actions}>
              <Th>{words.colEmail}</Th>
              <Th>{words.colRole}</Th>
              <Th>{words.colExpires}</Th>
            </THead>
            <TBody>
              {items.map((i) => (
                <Tr key={i.id} testId="invitation">
                  <Td kind="primary" className="[overflow-wrap:anywhere]">{i.email}</Td>
                  <Td kind="status">
                    {t.team.roles[i.role]}
                    {i.expired && (
                      <Badge tone="expired" className="ml-2">
                        {words.expired}
                      </Badge>
                    )}
                  </Td>
                  <Td kind="detail" label={words.colExpires} className="whitespace-nowrap text-stone-600">
                    {formatDate(i.expires_at, lang)}
                  </Td>
                  <Td kind="actions" className="text-right whitespace-nowrap">
                    {(mayInvite || mayRevoke) && (
                      <div className="flex items-center justify-end gap-1">
                        {mayInvite && (
                          <Button variant="secondary" size="sm" aria-label={fill(words.resendLabel, { email: i.email })} onClick={() => void resend(i)}>
                            {words.resend}
                          </Button>
                        )}
                        {mayRevoke && (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-800 hover:bg-red-50"
                            aria-label={fill(words.revokeLabel, { email: i.email })}
                            onClick={() => void act(() => revoke.mutateAsync(i.id), words.revoked)}
                          >
                            {words.revoke}
                          </Button>
                        )}
                      </div>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </QueryList>
    </Card>
  );
}

/** What each role may do, so an owner picks the right one. */
function RolesCard() {
  const { t } = useI18n();
  return (
    <Card title={t.team.team.roles}>
      <dl className="grid gap-3 sm:grid-cols-2">
        {roles.map((r) => (
          <div key={r}>
            <dt className="text-sm font-medium text-stone-900">{t.team.roles[r]}</dt>
            <dd className="text-sm text-stone-600">{t.team.roleHints[r]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
