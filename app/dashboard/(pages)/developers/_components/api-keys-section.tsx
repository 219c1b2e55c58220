"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { keyNameLabel } from "@/lib/i18n/labels";
import { useI18n } from "@/lib/i18n/provider";
import { formatDateTime } from "@/lib/i18n/numbers";
import { useApiKeys, useRevokeApiKey, useTakeOverApiKey } from "@/lib/query/api-keys";
import { useMode } from "@/lib/query/mode";
import type { ApiKey } from "@/lib/query/types";
import { useEverTrue } from "../../_components/lazy";
import { ListCard } from "./list-card";
import { useMayUse, useRole } from "@/lib/query/role";
import { keyRolesFor } from "@/lib/core/roles";
import { useMe } from "@/lib/query/team";

// The form (react-hook-form and zod) loads when it is first opened, not with the page.
const CreateKeyDialog = dynamic(() => import("./create-key-dialog").then((m) => m.CreateKeyDialog), { ssr: false });

export function ApiKeysSection() {
  const { t, lang, fill } = useI18n();
  const { mode } = useMode();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const [toTakeOver, setToTakeOver] = useState<ApiKey | null>(null);
  const createLoaded = useEverTrue(creating);
  const canManage = useMayUse("account_revoke_key"); // keys are a developer's (DESIGN §1)
  const isOwner = useMayUse("account_take_over_key"); // an owner may make another member's key theirs
  const givable = keyRolesFor(useRole()); // what the API lets one revoke besides one's own keys
  const me = useMe().data;

  return (
    <>
      <ListCard title={t.developers.keys} intro={fill(t.developers.keysIntro, { mode: t.mode[mode] })} newLabel={t.developers.newKey} newOperation="account_create_key" onNew={() => setCreating(true)}
        query={keys} loading={t.developers.loading} empty={{ title: t.access.keys.emptyTitle, description: t.access.keys.emptyText, action: mode === "test" ? t.access.keys.createTest : t.developers.newKey }}>
        {(items) => (
          <Table label={t.developers.keys}>
            <THead actions={t.common.actions}>
              <Th>{t.developers.colName}</Th>
              <Th className="hidden sm:table-cell">{t.developers.colKey}</Th>
              <Th>{t.developers.colRole}</Th>
              <Th className="hidden lg:table-cell">{t.developers.colCreatedBy}</Th>
              <Th className="hidden sm:table-cell">{t.developers.colStatus}</Th>
              <Th className="hidden md:table-cell">{t.developers.colCreated}</Th>
              <Th className="hidden md:table-cell">{t.developers.colLastUsed}</Th>
            </THead>
            <TBody>
              {items.map((key) => (
                <Tr key={key.id} className={key.revoked_at ? "text-stone-500" : undefined}>
                  <Td kind="primary">
                    <span className="font-medium">{keyNameLabel(key.name, t) || t.common.none}</span>
                  </Td>
                  <Td kind="detail" label={t.developers.colKey} className="hidden font-mono text-xs whitespace-nowrap sm:table-cell">
                    {key.prefix}…{key.last4}
                  </Td>
                  <Td kind="detail" label={t.developers.colRole}>
                    {t.team.roles[key.role]}
                    {/* from sm to lg the maker's column is hidden: who the key answers to, under its role */}
                    <span className="block max-w-40 truncate text-xs text-stone-600 max-sm:hidden lg:hidden" title={key.created_by.email}>
                      {me?.user_id === key.created_by.user_id ? t.team.team.you : key.created_by.email}
                    </span>
                  </Td>
                  <Td kind="detail" label={t.developers.colCreatedBy} className="hidden lg:table-cell">
                    <span title={t.developers.createdByHint}>{key.created_by.email}</span>
                    {me?.user_id === key.created_by.user_id && <span className="text-stone-500"> ({t.team.team.you})</span>}
                  </Td>
                  <Td kind="status" className="hidden sm:table-cell">
                    <KeyStatus apiKey={key} />
                  </Td>
                  <Td kind="when" className="hidden whitespace-nowrap md:table-cell">{formatDateTime(key.created_at, lang)}</Td>
                  <Td kind="detail" label={t.developers.colLastUsed} className="hidden whitespace-nowrap md:table-cell">{key.last_used_at ? formatDateTime(key.last_used_at, lang) : t.common.never}</Td>
                  <Td kind="actions" className="text-right whitespace-nowrap">
                    {!key.revoked_at && isOwner && me && me.user_id !== key.created_by.user_id && (
                      <Button variant="ghost" size="sm" onClick={() => setToTakeOver(key)} aria-label={fill(t.developers.takeOverLabel, { name: keyNameLabel(key.name, t) })}>
                        {t.developers.takeOver}
                      </Button>
                    )}
                    {!key.revoked_at && canManage && (givable.includes(key.role) || me?.user_id === key.created_by.user_id) && (
                      <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setToRevoke(key)} aria-label={`${t.developers.revoke} — ${keyNameLabel(key.name, t)}`}>
                        {t.developers.revoke}
                      </Button>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </ListCard>
      {createLoaded && <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />}
      <RevokeKeyDialog apiKey={toRevoke} onClose={() => setToRevoke(null)} />
      <TakeOverKeyDialog apiKey={toTakeOver} onClose={() => setToTakeOver(null)} />
    </>
  );
}

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  const { t, lang, fill } = useI18n();
  return apiKey.revoked_at ? (
    <Badge tone="expired">{fill(t.developers.revoked, { date: formatDateTime(apiKey.revoked_at, lang) })}</Badge>
  ) : (
    <Badge tone="success">{t.developers.active}</Badge>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t, fill } = useI18n();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open={Boolean(apiKey)}
      title={t.developers.revokeTitle}
      text={apiKey && fill(t.developers.revokeText, { name: keyNameLabel(apiKey.name, t), prefix: apiKey.prefix, last4: apiKey.last4 })}
      confirmLabel={t.developers.revoke}
      successMessage={t.developers.revokedToast}
      onConfirm={() => revoke.mutateAsync(apiKey!.id)}
      onClose={onClose}
    />
  );
}

function TakeOverKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t, fill } = useI18n();
  const takeOver = useTakeOverApiKey();
  return (
    <ConfirmDialog
      open={Boolean(apiKey)}
      title={t.developers.takeOverTitle}
      text={apiKey && fill(t.developers.takeOverText, { name: keyNameLabel(apiKey.name, t), prefix: apiKey.prefix, last4: apiKey.last4, email: apiKey.created_by.email })}
      confirmLabel={t.developers.takeOver}
      successMessage={t.developers.takenOverToast}
      onConfirm={() => takeOver.mutateAsync(apiKey!.id)}
      onClose={onClose}
    />
  );
}
