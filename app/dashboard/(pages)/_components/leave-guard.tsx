"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n/provider";

// No lost work: while a form has unsaved changes, leaving asks first. A reload, a closed tab or an
// address typed in get the browser's own question (beforeunload); a click on a link inside the app
// (Next.js navigates without unloading, so beforeunload never fires), the mode switch, the log-out
// and closing a form's dialog get ours. The browser's back button is left alone: catching it means
// pushing fake history entries under Next.js's router.

type Guard = {
  /** marks the form `id` as having unsaved changes (or not) */
  mark: (id: string, dirty: boolean) => void;
  /** runs `leave` now, or after the merchant confirms when some form has unsaved changes */
  confirm: (leave: () => void) => void;
};

const LeaveGuardContext = createContext<Guard | null>(null);

/** Is this click one that Next.js's <Link> (or the browser) would turn into leaving the page? */
function leavingHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null; // a new tab leaves nothing
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null; // another site unloads this one: beforeunload asks
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null; // an anchor on the page
  return url.pathname + url.search + url.hash;
}

export function LeaveGuardProvider({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  const router = useRouter();
  const dirty = useRef(new Set<string>());
  const [pending, setPending] = useState<(() => void) | null>(null);

  const mark = useCallback((id: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(id);
    else dirty.current.delete(id);
  }, []);
  const confirm = useCallback((leave: () => void) => {
    if (dirty.current.size === 0) leave();
    else setPending(() => leave);
  }, []);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current.size > 0) event.preventDefault(); // the browser asks in its own words
    };
    // capture, on the document: before React's handlers (Next.js's <Link> among them) see the click
    const onClick = (event: MouseEvent) => {
      if (dirty.current.size === 0) return;
      const href = leavingHref(event);
      if (!href) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => router.push(href));
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [router]);

  const leave = () => {
    const go = pending;
    dirty.current.clear(); // what is left behind is given up: no second question on the way out
    setPending(null);
    go?.();
  };
  const value = useMemo(() => ({ mark, confirm }), [mark, confirm]);
  return (
    <LeaveGuardContext.Provider value={value}>
      {children}
      <Dialog open={pending !== null} onClose={() => setPending(null)} title={t.unsaved.title} closeLabel={t.common.close} size="sm">
        <p className="text-sm text-stone-700">{t.unsaved.text}</p>
        <DialogActions>
          <Button variant="secondary" onClick={() => setPending(null)} data-autofocus>
            {t.unsaved.stay}
          </Button>
          <Button variant="danger" onClick={leave}>
            {t.unsaved.leave}
          </Button>
        </DialogActions>
      </Dialog>
    </LeaveGuardContext.Provider>
  );
}

/**
 * Declares a form's unsaved changes to the guard while `dirty`; returns `confirm(leave)` for the
 * form's own ways out (its dialog's close).
 */
export function useUnsavedChanges(dirty: boolean): (leave: () => void) => void {
  const guard = useContext(LeaveGuardContext);
  const id = useId();
  useEffect(() => {
    guard?.mark(id, dirty);
    return () => guard?.mark(id, false);
  }, [guard, id, dirty]);
  return guard?.confirm ?? ((leave) => leave());
}

/** The guard's confirm, for ways out that are not links (the mode switch, the log-out). */
export function useConfirmLeave(): (leave: () => void) => void {
  return useContext(LeaveGuardContext)?.confirm ?? ((leave) => leave());
}
