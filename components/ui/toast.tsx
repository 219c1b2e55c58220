"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";
import { cn, focusRing } from "./cn";

type Tone = "success" | "error" | "info";
/** A button in the toast ("Undo"): it runs once and closes the toast. */
export type ToastAction = { label: string; run: () => void };
type Toast = { id: number; message: string; tone: Tone; action?: ToastAction };
type Notify = (message: string, tone?: Tone, action?: ToastAction) => void;

const ToastContext = createContext<Notify | null>(null);

/**
 * Toasts for results ("Lien créé"): a polite live region, errors assertive; each leaves after 5 s,
 * errors and toasts with an action ("Undo") after 10 s. A tap anywhere on one dismisses it (on a
 * phone it must never stand in the way); a mouse over it or the keyboard focus in it holds it.
 */
export function ToastProvider({ children, closeLabel }: { children: React.ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);

  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  const schedule = useCallback(
    (id: number, ms: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(id, setTimeout(() => dismiss(id), ms));
    },
    [dismiss],
  );
  // a toast under the pointer or the keyboard focus waits: its Undo stays within reach (WCAG 2.2.1)
  const hold = (id: number) => clearTimeout(timers.current.get(id));
  const notify = useCallback<Notify>(
    (message, tone = "success", action) => {
      const id = ++next.current;
      setToasts((list) => [...list.slice(-2), { id, message, tone, action }]);
      schedule(id, tone === "error" || action ? 10_000 : 5000);
    },
    [schedule],
  );

  const polite = toasts.filter((t) => t.tone !== "error");
  const assertive = toasts.filter((t) => t.tone === "error");
  const render = (t: Toast) => (
    <div
      key={t.id}
      // a mouse (not a finger: a touch never "leaves") holds it; a tap anywhere on it dismisses it
      onPointerEnter={(event) => event.pointerType === "mouse" && hold(t.id)}
      onPointerLeave={(event) => event.pointerType === "mouse" && schedule(t.id, 5000)}
      onFocus={(event) => event.target.matches(":focus-visible") && hold(t.id)}
      onBlur={() => schedule(t.id, 5000)}
      onClick={() => dismiss(t.id)}
      data-toast=""
      className={cn(
        "pointer-events-auto flex cursor-pointer items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ring-1",
        t.tone === "success" && "bg-stone-900 text-white ring-stone-900",
        t.tone === "info" && "bg-white text-stone-900 ring-stone-200",
        t.tone === "error" && "bg-red-50 text-red-900 ring-red-200",
      )}
    >
      <p className="flex-1">{t.message}</p>
      {t.action && (
        <button
          type="button"
          onClick={() => {
            dismiss(t.id);
            t.action!.run();
          }}
          className={cn("-my-1 rounded px-2 py-1 font-semibold underline underline-offset-2", focusRing)}
        >
          {t.action.label}
        </button>
      )}
      <button type="button" onClick={() => dismiss(t.id)} aria-label={closeLabel} className={cn("-m-1 rounded p-1 opacity-80 hover:opacity-100", focusRing)}>
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );

  return (
    <ToastContext.Provider value={useMemo(() => notify, [notify])}>
      {children}
      {/* phones: at the bottom, never over the header's menu button and mode switch (a tap takes one
          away at once, and none stays past 5 s, or 10 s with an Undo); wider screens: the bottom-right corner */}
      <div className="pointer-events-none fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96">
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {polite.map(render)}
        </div>
        <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
          {assertive.map(render)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error("useToast needs a <ToastProvider>");
  return notify;
}
