"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n/provider";

/**
 * Cursor paging for `limit`/`starting_after` lists: a stack of the cursors of the pages seen,
 * so "previous" goes back without the API needing `ending_before`.
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; stack: (string | null)[] }>({ key: resetKey, stack: [null] });
  const stack = state.key === resetKey ? state.stack : [null]; // new filters start at page one
  return {
    cursor: stack[stack.length - 1]!,
    page: stack.length,
    next: (cursor: string) => setState({ key: resetKey, stack: [...stack, cursor] }),
    previous: () => setState({ key: resetKey, stack: stack.slice(0, -1) }),
  };
}

export function Pager({ page, hasNext, onNext, onPrevious, busy }: {
  page: number;
  hasNext: boolean;
  onNext: () => void;
  onPrevious: () => void;
  busy?: boolean;
}) {
  const { t } = useI18n();
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" onClick={onPrevious} disabled={page === 1 || busy}>
        ← {t.common.previous}
      </Button>
      <span className="text-sm text-stone-600" aria-live="polite">
        {page}
      </span>
      <Button variant="secondary" size="sm" onClick={onNext} disabled={!hasNext || busy}>
        {t.common.next} →
      </Button>
    </nav>
  );
}
