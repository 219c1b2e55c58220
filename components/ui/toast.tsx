"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";
import { cn, focusRing } from "./cn";

type Tone = "success" | "error" | "info";
type Toast = { id: number; message: string; tone: Tone };
type Notify = (message: string, tone?: Tone) => void;

const ToastContext = createContext<Notify | null>(null);

/** Toasts for results ("Lien créé"): a polite live region, errors assertive; each leaves after 5 s. */
export function ToastProvider({ children, closeLabel }: { children: React.ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const notify = useCallback<Notify>(
    (message, tone = "success") => {
      const id = ++next.current;
      setToasts((list) => [...list.slice(-2), { id, message, tone }]);
      setTimeout(() => dismiss(id), tone === "error" ? 8000 : 5000);
    },
    [dismiss],
  );

  const polite = toasts.filter((t) => t.tone !== "error");
  const assertive = toasts.filter((t) => t.tone === "error");
  const render = (t: Toast) => (
    <div
      key={t.id}
      className={cn(
        "pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ring-1",
        t.tone === "success" && "bg-stone-900 text-white ring-stone-900",
        t.tone === "info" && "bg-white text-stone-900 ring-stone-200",
        t.tone === "error" && "bg-red-50 text-red-900 ring-red-200",
      )}
    >
      <p className="flex-1">{t.message}</p>
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
      <div className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96">
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
