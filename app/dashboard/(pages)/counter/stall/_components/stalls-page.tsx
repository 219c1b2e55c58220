"use client";

import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { formatMoney, toMajor } from "@/lib/core/money";
import type { Lang } from "@/lib/core/languages";
import { amountMessage, parseAmountInput } from "@/lib/forms/amount-input";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { errorMessage, fieldErrorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { useMayUse } from "@/lib/query/role";
import { useArchiveStall, useCreateStall, useStalls, useUpdateStall, type Stall } from "@/lib/query/stalls";
import { useMembers } from "@/lib/query/team";
import { QueryList } from "../../../_components/query-list";
import { svgDataUrl, useQrCode } from "../../../_components/use-qr-code";

/** The stalls of the account: the business's own and one per cashier, their link, QR and poster. */
export function StallsPage() {
  const { t } = useI18n();
  const w = t.stall.manage;
  const stalls = useStalls();
  const admin = useMayUse("stall_create");
  return (
    <>
      <PageHeader title={w.title} description={w.intro} />
      <div className="flex flex-col gap-6">
        {admin ? <CreateStall stalls={stalls.data} /> : <p className="text-sm text-stone-600">{w.readOnly}</p>}
        <QueryList query={stalls} items={stalls.data} loading={t.common.loading} rows={1} empty={<EmptyState title={w.empty} />}>
          {(items) => (
            <ul className="flex flex-col gap-6" aria-label={w.title}>
              {items.map((stall) => (
                <li key={stall.id}>
                  <StallCard stall={stall} editable={admin} />
                </li>
              ))}
            </ul>
          )}
        </QueryList>
      </div>
    </>
  );
}

const whose = (stall: Stall, w: { own: string; cashier: string }, fill: (s: string, v: Record<string, string>) => string) =>
  stall.user ? fill(w.cashier, { name: stall.user.name }) : w.own;

type Problems = Record<string, string>;

function problemsOf(error: unknown, t: ReturnType<typeof useI18n>["t"]): Problems {
  if (error instanceof ApiRequestError && Object.keys(error.fieldErrors).length) {
    return Object.fromEntries(Object.entries(error.fieldErrors).map(([field, item]) => [field, fieldErrorMessage(item, t, field)]));
  }
  return { form: errorMessage(error, t) };
}

/** The bounds as the merchant types them (« 5.000 », « 5 000 FCFA ») → the API's minor units (lib/core/amount-text.ts). */
const minor = (typed: string, currency: string) => parseAmountInput(typed, currency) ?? Number.NaN;

/** The bounds the reader cannot read, each with how to write it; null when both read. */
function unreadableBounds(min: string, max: string, currency: string, lang: Lang): Problems | null {
  const problems: Problems = {};
  const minProblem = amountMessage(min, currency, lang);
  const maxProblem = amountMessage(max, currency, lang);
  if (minProblem) problems.min_amount = minProblem;
  if (maxProblem) problems.max_amount = maxProblem;
  return minProblem || maxProblem ? problems : null;
}

function CreateStall({ stalls }: { stalls: Stall[] | undefined }) {
  const { t, lang, fill } = useI18n();
  const w = t.stall.manage;
  const account = useAccount();
  const members = useMembers();
  const create = useCreateStall();
  const notify = useToast();
  const currency = account.data?.currency ?? "XAF";
  const taken = new Set((stalls ?? []).map((s) => s.user?.id ?? ""));
  const choices = [
    ...(taken.has("") ? [] : [{ value: "", label: w.createOwn }]),
    ...(members.data ?? []).filter((m) => m.role === "cashier" && !taken.has(m.user_id)).map((m) => ({ value: m.user_id, label: fill(w.cashier, { name: m.name || m.email }) })),
  ];
  const [who, setWho] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [min, setMin] = useState("100");
  const [max, setMax] = useState("50000");
  const [problems, setProblems] = useState<Problems>({});
  const chosen = who !== null && choices.some((c) => c.value === who) ? who : (choices[0]?.value ?? "");
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblems({});
    const unreadable = unreadableBounds(min, max, currency, lang);
    if (unreadable) return setProblems(unreadable);
    try {
      await create.mutateAsync({ name, min_amount: minor(min, currency), max_amount: minor(max, currency), ...(chosen ? { user_id: chosen } : {}) });
      notify(w.created);
      setName("");
      setWho(null);
    } catch (error) {
      setProblems(problemsOf(error, t));
    }
  };
  return (
    <Card title={w.create}>
      {stalls && !choices.length ? (
        <p className="text-sm text-stone-600">{w.allHaveOne}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" noValidate>
          <Field label={w.createFor} error={problems.user_id}>
            <Select value={chosen} onChange={(e) => setWho(e.target.value)}>
              {choices.map((c) => (
                <option key={c.value || "own"} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={w.name} error={problems.name}>
            <Input value={name} maxLength={60} placeholder={w.namePlaceholder} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={`${w.min} (${currency})`} error={problems.min_amount}>
            <Input value={min} inputMode="numeric" onChange={(e) => setMin(e.target.value)} />
          </Field>
          <Field label={`${w.max} (${currency})`} error={problems.max_amount}>
            <Input value={max} inputMode="numeric" onChange={(e) => setMax(e.target.value)} />
          </Field>
          <div className="flex flex-col gap-3 sm:col-span-2 lg:col-span-4">
            <FormError>{problems.form}</FormError>
            <div>
              <Button type="submit" loading={create.isPending}>
                {w.create}
              </Button>
            </div>
          </div>
        </form>
      )}
    </Card>
  );
}

function StallCard({ stall, editable }: { stall: Stall; editable: boolean }) {
  const { t, lang, fill } = useI18n();
  const w = t.stall.manage;
  const qr = useQrCode(stall.url);
  const update = useUpdateStall();
  const archive = useArchiveStall();
  const notify = useToast();
  const [name, setName] = useState(stall.name);
  const [min, setMin] = useState(String(toMajor(stall.min_amount, stall.currency)));
  const [max, setMax] = useState(String(toMajor(stall.max_amount, stall.currency)));
  const [problems, setProblems] = useState<Problems>({});
  const [archiving, setArchiving] = useState(false);
  const title = whose(stall, w, fill);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblems({});
    const unreadable = unreadableBounds(min, max, stall.currency, lang);
    if (unreadable) return setProblems(unreadable);
    try {
      await update.mutateAsync({ id: stall.id, body: { name, min_amount: minor(min, stall.currency), max_amount: minor(max, stall.currency) } });
      notify(w.saved);
    } catch (error) {
      setProblems(problemsOf(error, t));
    }
  };
  return (
    <Card title={stall.name ? `${title} · ${stall.name}` : title}>
      <div className="flex flex-col gap-5 md:flex-row">
        <div className="flex shrink-0 flex-col items-center gap-2">
          {qr ? (
            // a data: URL drawn here, not a remote image for next/image to optimise
            // eslint-disable-next-line @next/next/no-img-element
            <img src={svgDataUrl(qr.svg)} alt={fill(w.qrAlt, { name: stall.name || title })} width={160} height={160} className="size-40 rounded-md border border-stone-200" />
          ) : (
            <Skeleton className="size-40" />
          )}
          <a href={`/dashboard/counter/poster?stall=${stall.id}`} className={buttonClass("primary", "sm")}>
            {w.poster}
          </a>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-stone-800">{w.link}</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <a href={stall.url} className="min-w-0 flex-1 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all text-stone-900 underline-offset-2 hover:underline" data-testid="stall-url">
                {stall.url}
              </a>
              <CopyButton value={stall.url} label={w.copy} copiedLabel={t.common.copied} size="md" />
            </div>
            <p className="text-sm text-stone-600">{fill(w.bounds, { min: formatMoney(stall.min_amount, stall.currency, lang), max: formatMoney(stall.max_amount, stall.currency, lang) })}</p>
          </div>
          {editable && (
            <form onSubmit={(e) => void save(e)} className="grid gap-3 sm:grid-cols-3" noValidate aria-label={title}>
              <Field label={w.name} error={problems.name}>
                <Input value={name} maxLength={60} placeholder={w.namePlaceholder} onChange={(e) => setName(e.target.value)} />
              </Field>
              <Field label={`${w.min} (${stall.currency})`} error={problems.min_amount}>
                <Input value={min} inputMode="numeric" onChange={(e) => setMin(e.target.value)} />
              </Field>
              <Field label={`${w.max} (${stall.currency})`} error={problems.max_amount}>
                <Input value={max} inputMode="numeric" onChange={(e) => setMax(e.target.value)} />
              </Field>
              <div className="flex flex-col gap-3 sm:col-span-3">
                <FormError>{problems.form}</FormError>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="secondary" loading={update.isPending}>
                    {w.save}
                  </Button>
                  <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setArchiving(true)}>
                    {w.archive}
                  </Button>
                </div>
              </div>
            </form>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={archiving}
        title={w.archive}
        text={w.archiveConfirm}
        confirmLabel={w.archive}
        successMessage={w.archived}
        onConfirm={() => archive.mutateAsync(stall.id)}
        onClose={() => setArchiving(false)}
      />
    </Card>
  );
}
