"use client";

import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/i18n/provider";
import { QueryList, type ListQuery } from "./query-list";

/** A titled card holding one list (a row per item, `children` renders it), or a line that says it is empty. */
export function CardList<T>({ title, query, rows, empty, testId, className, children }: {
  title: string;
  query: ListQuery & { data: T[] | undefined };
  rows?: number;
  empty: string;
  testId: string;
  /** the list's own classes, beside its dividers */
  className?: string;
  children: (item: T) => React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Card title={title}>
      <QueryList query={query} items={query.data} loading={t.common.loading} rows={rows} empty={<p className="text-sm text-stone-600">{empty}</p>}>
        {(items) => (
          <ul className={cn("divide-y divide-stone-100", className)} data-testid={testId}>
            {items.map(children)}
          </ul>
        )}
      </QueryList>
    </Card>
  );
}
