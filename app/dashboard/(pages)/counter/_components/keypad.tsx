"use client";

import { useRef } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { useI18n } from "@/lib/i18n/provider";

/** The most digits an amount takes (10,000,000 units of the major currency, DESIGN §2). */
export const MAX_DIGITS = 8;

/** `amount` after a key: digits appended (no leading zero, at most MAX_DIGITS), or the last one erased. */
export function pressKey(amount: string, key: string): string {
  if (key === "erase") return amount.slice(0, -1);
  if (key === "clear") return "";
  const next = (amount + key).replace(/^0+/, "");
  return next.length > MAX_DIGITS ? amount : next;
}

const rows = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["00", "0", "000"]];

/** A large keypad for one thumb: digits, 00 and 000 (prices end in zeros), as a phone's dialer. */
export function Keypad({ onKey, disabled }: { onKey: (key: string) => void; disabled?: boolean }) {
  const { t } = useI18n();
  return (
    <div role="group" aria-label={t.counter.keypad} className="grid grid-cols-3 gap-2">
      {rows.flat().map((key) => (
        <button
          key={key}
          type="button"
          disabled={disabled}
          onClick={() => onKey(key)}
          className={cn(
            "h-14 rounded-xl border border-stone-200 bg-white text-2xl font-semibold text-stone-900 tabular-nums shadow-sm select-none active:bg-stone-200 disabled:opacity-50 sm:h-16",
            focusRing,
          )}
        >
          {key}
        </button>
      ))}
    </div>
  );
}

/** The erase key beside the amount (a tap: the last digit; held: everything, as a calculator's C). */
export function EraseKey({ onKey, disabled }: { onKey: (key: string) => void; disabled?: boolean }) {
  const { t } = useI18n();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const held = useRef(false);
  return (
    <button
      type="button"
      disabled={disabled}
      aria-label={t.counter.erase}
      title={t.counter.erase}
      onClick={() => {
        if (held.current) held.current = false;
        else onKey("erase");
      }}
      onPointerDown={() => {
        held.current = false;
        timer.current = setTimeout(() => {
          held.current = true;
          onKey("clear");
        }, 600);
      }}
      onPointerUp={() => clearTimeout(timer.current)}
      onPointerLeave={() => clearTimeout(timer.current)}
      className={cn("flex size-14 shrink-0 items-center justify-center rounded-xl text-stone-700 hover:bg-stone-100 active:bg-stone-200 disabled:opacity-40", focusRing)}
    >
      <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M9 5h11a1 1 0 011 1v12a1 1 0 01-1 1H9l-6-7z" />
        <path d="M12 9l6 6M18 9l-6 6" />
      </svg>
    </button>
  );
}
