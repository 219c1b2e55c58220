"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n/provider";
import { useCustomers, useMergeCustomers, type Customer, type CustomerSummary } from "@/lib/query/customers";
import { numberText } from "../../_components/customer-words";

/** Another record of the same person, found by search, merged into this one after a confirmation. */
export function MergeDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const { t, fill } = useI18n();
  const w = t.customers;
  const merge = useMergeCustomers();
  const [picked, setPicked] = useState<CustomerSummary | null>(null);
  if (picked && customer) {
    return (
      <ConfirmDialog
        open
        title={w.mergeConfirmTitle}
        text={fill(w.mergeConfirmText, { other: picked.name ?? numberText(picked.phone_masked) })}
        confirmLabel={w.merge}
        successMessage={w.merged}
        onConfirm={() => merge.mutateAsync({ id: customer.id, other: picked.id })}
        onClose={() => {
          setPicked(null);
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog open={customer !== null} onClose={onClose} title={w.mergeTitle} description={w.mergeIntro} closeLabel={t.common.close}>
      {customer && <Candidates self={customer.id} onPick={setPicked} />}
    </Dialog>
  );
}

function Candidates({ self, onPick }: { self: string; onPick: (c: CustomerSummary) => void }) {
  const { t } = useI18n();
  const w = t.customers;
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useCustomers(q, null, 10);
  const others = (list.data?.items ?? []).filter((c) => c.id !== self);
  return (
    <div className="flex flex-col gap-3">
      <Field label={w.searchLabel} hideLabel>
        <Input type="search" placeholder={w.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} autoFocus />
      </Field>
      <ul className="flex max-h-72 flex-col divide-y divide-stone-200 overflow-y-auto rounded-md border border-stone-200" data-testid="merge-candidates">
        {others.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-3 p-3">
            <span className="min-w-0">
              <span className="block truncate font-medium">{c.name ?? w.noName}</span>
              <span className="block font-mono text-xs text-stone-600">{numberText(c.phone_masked)}</span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => onPick(c)}>
              {w.mergePick}
            </Button>
          </li>
        ))}
        {list.isSuccess && others.length === 0 && <li className="p-3 text-sm text-stone-600">{w.noMatch}</li>}
      </ul>
    </div>
  );
}
