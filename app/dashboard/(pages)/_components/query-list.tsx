"use client";

import { SkeletonRows } from "@/components/ui/skeleton";
import { QueryError } from "./query-error";

export type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * The states of every list of the dashboard, in one place: placeholder rows while it loads, the
 * error with a retry, `empty` when there is nothing (unless `empty` is undefined, e.g. on a later
 * page, where the list and its pager still show), else the items.
 */
export function QueryList<T>({
  query,
  items,
  loading,
  rows = 4,
  empty,
  children,
}: {
  query: ListQuery;
  items: T[] | undefined;
  /** what screen readers hear while it loads */
  loading: string;
  rows?: number;
  empty?: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}) {
  if (query.isPending) return <SkeletonRows rows={rows} label={loading} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!items) return null;
  if (items.length === 0 && empty !== undefined) return <>{empty}</>;
  return <>{children(items)}</>;
}
