"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Can } from "@/lib/query/role";
import type { OperationName } from "@/lib/core/operation-roles";
import { QueryList, type ListQuery } from "../../_components/query-list";

/**
 * A card of the Developers page: its title with a "new" button for those who may call its operation
 * (keys and webhooks are a developer's, DESIGN §1), a line of introduction, then the list's states (loading, error, empty).
 */
export function ListCard<T>({
  title,
  newLabel,
  newOperation,
  onNew,
  intro,
  query,
  loading,
  empty,
  children,
}: {
  title: string;
  newLabel: string;
  /** the operation the "new" button calls (« webhook_create »): absent for those it would refuse */
  newOperation: OperationName;
  onNew: () => void;
  intro: React.ReactNode;
  query: ListQuery & { data: T[] | undefined };
  loading: string;
  /** `action`: the empty list's own button (« Créer une clé de test »), for those who may make one */
  empty: { title: string; description: string; action?: string };
  children: (items: T[]) => React.ReactNode;
}) {
  return (
    <Card
      title={title}
      action={
        <Can operation={newOperation}>
          <Button size="sm" onClick={onNew}>
            {newLabel}
          </Button>
        </Can>
      }
    >
      <p className="mb-4 text-sm text-stone-600">{intro}</p>
      <QueryList query={query} items={query.data} loading={loading} rows={2} empty={
          <EmptyState
            level={3}
            title={empty.title}
            description={empty.description}
            action={empty.action && <Can operation={newOperation}><Button onClick={onNew}>{empty.action}</Button></Can>}
          />
        }>
        {children}
      </QueryList>
    </Card>
  );
}
