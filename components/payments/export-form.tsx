"use client";

import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n/provider";

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/**
 * A CSV export of a date range: a plain GET form, so the browser downloads the stream as it comes
 * (lib/exports/dashboard-download.ts), with or without JavaScript. `to` may not precede `from`.
 * The file is for a spreadsheet in the dashboard's language (headers and values in words); the
 * separator defaults to what Excel expects in it (`;` in French) and can be changed.
 */
export function ExportForm({ kind }: { kind: "payments" | "marketplace-transactions" }) {
  const { t, lang } = useI18n();
  const w = t.payment;
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const hint = useId();
  return (
    <Card title={w.exportTitle}>
      <p id={hint} className="mb-3 text-sm text-stone-600">
        {kind === "payments" ? w.exportIntro : w.exportTransactionsIntro}
      </p>
      <form method="get" action={`/dashboard/exports/${kind}`} aria-describedby={hint} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <input type="hidden" name="lang" value={lang} />
        <Field label={w.exportFrom}>
          <Input type="date" name="from" required value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={w.exportTo}>
          <Input type="date" name="to" required value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field label={w.exportDelimiter}>
          <Select name="delimiter" defaultValue={lang === "fr" ? "semicolon" : "comma"}>
            <option value="semicolon">{w.exportSemicolon}</option>
            <option value="comma">{w.exportComma}</option>
          </Select>
        </Field>
        <button type="submit" className={buttonClass("secondary")}>
          {kind === "payments" ? w.exportPayments : w.exportTransactions}
        </button>
      </form>
    </Card>
  );
}
