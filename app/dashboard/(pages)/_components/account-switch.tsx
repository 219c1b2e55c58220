"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { dashboardHome } from "@/lib/core/roles";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";
import { useMode } from "@/lib/query/mode";
import type { Me } from "@/lib/query/team";

/**
 * A login that is a member of several accounts picks the one this session shows (every role may:
 * a cashier too). It lands on that account's home for its role there (a cashier: the counter).
 */
export function AccountSwitch({ me, className }: { me: Me; className?: string }) {
  const { t, fill } = useI18n();
  const { mode } = useMode();
  const router = useRouter();
  const client = useQueryClient();
  const notify = useToast();
  const [busy, setBusy] = useState(false);
  const choose = async (accountId: string) => {
    const chosen = me.accounts.find((a) => a.id === accountId);
    setBusy(true);
    try {
      await apiFetch("/api/auth/switch-account", { mode, method: "POST", body: { account_id: accountId } });
      notify(fill(t.team.switcher.switched, { name: chosen?.business_name ?? "" }));
      client.clear(); // every cached answer was the other account's
      router.replace(dashboardHome(chosen?.role ?? "viewer"));
      router.refresh();
    } catch (error) {
      setBusy(false);
      notify(errorMessage(error, t), "error");
    }
  };
  return (
    <Select aria-label={t.team.switcher.label} value={me.account_id} disabled={busy} onChange={(e) => void choose(e.target.value)} className={className}>
      {me.accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.business_name} — {t.team.roles[a.role]}
        </option>
      ))}
    </Select>
  );
}
