"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input } from "@/components/ui/field";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatMoney } from "@/lib/core/money";
import { customerOperations } from "@/lib/customers/schemas";
import { useI18n } from "@/lib/i18n/provider";
import { useCustomers, type CustomerSummary } from "@/lib/query/customers";
import { useMayCall } from "@/lib/query/role";
import { Pager, useCursorPages } from "../../_components/pager";
import { QueryList } from "../../_components/query-list";
import { CreateCustomerDialog } from "./create-customer-dialog";
import { numberText, shortDate } from "./customer-words";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The book: payers newest first, numbers masked, searched by name, e-mail or digits; add by hand. */
export function CustomersPage() {
  const { t, lang } = useI18n();
  const w = t.customers;
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  const pages = useCursorPages(`customers:${q}`);
  const customers = useCustomers(q, pages.cursor);
  const mayCreate = useMayCall(customerOperations.create);
  const [creating, setCreating] = useState(false);
  const newButton = mayCreate ? <Button onClick={() => setCreating(true)}>{w.new}</Button> : null;
  // a plain link: the browser saves the stream as it comes (lib/exports/dashboard-download.ts)
  const actions = (
    <div className="flex flex-wrap gap-2">
      {newButton}
      <a href={`/dashboard/exports/customers?lang=${lang}`} className={buttonClass("secondary")} download>
        {w.export}
      </a>
    </div>
  );
  return (
    <>
      <PageHeader title={w.title} description={w.intro} action={actions} />
      <div className="mb-4 max-w-md">
        <Field label={w.searchLabel} hideLabel>
          <Input type="search" placeholder={w.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="customer-search" />
        </Field>
      </div>
      <QueryList
        query={customers}
        items={customers.data?.items}
        loading={w.loading}
        empty={pages.page === 1 ? q ? <p className="text-sm text-stone-600">{w.noMatch}</p> : <EmptyState title={w.empty} description={w.emptyHint} action={newButton} /> : undefined}
      >
        {(items) => (
          <>
            {/* one list: a table, one card a customer on phones (components/ui/table.tsx) */}
            <div>
              <Table label={w.title} className="min-w-[40rem]">
                <THead>
                  <Th>{w.colCustomer}</Th>
                  <Th className="text-right">{w.colPayments}</Th>
                  <Th className="text-right">{w.colPaid}</Th>
                  <Th>{w.colLast}</Th>
                </THead>
                <TBody>
                  {items.map((c) => (
                    <CustomerRow key={c.id} customer={c} />
                  ))}
                </TBody>
              </Table>
            </div>
            <Pager page={pages.page} hasNext={Boolean(customers.data?.next)} onNext={() => customers.data?.next && pages.next(customers.data.next)} onPrevious={pages.previous} />
          </>
        )}
      </QueryList>
      <CreateCustomerDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function NameLink({ customer: c }: { customer: CustomerSummary }) {
  const { t } = useI18n();
  return (
    <Link href={`/dashboard/customers/${c.id}`} className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
      {c.name ?? t.customers.noName}
    </Link>
  );
}

function CustomerRow({ customer: c }: { customer: CustomerSummary }) {
  const { t, lang } = useI18n();
  return (
    <Tr testId="customer-row">
      <Td kind="primary">
        <NameLink customer={c} />
        <span className="block font-mono text-xs text-stone-600">{numberText(c.phone_masked)}</span>
        {c.email && <span className="block text-xs text-stone-600">{c.email}</span>}
      </Td>
      <Td kind="detail" label={t.customers.colPayments} className="text-right tabular-nums">{c.payments_count}</Td>
      <Td kind="amount" className="text-right whitespace-nowrap tabular-nums">{formatMoney(c.amount_paid, c.currency, lang)}</Td>
      <Td kind="when" className="whitespace-nowrap">{shortDate(c.last_payment_at, lang)}</Td>
    </Tr>
  );
}
