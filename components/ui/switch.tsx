"use client";

import { cn, focusRing } from "./cn";

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** the accessible name, when no visible label names it */
  label?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  /** the colour when on: teal, or orange for what must not be mistaken (live mode) */
  tone?: "teal" | "orange";
  "aria-describedby"?: string;
};

/** An on/off switch (role="switch"), toggled by click, Space or Enter. */
export function Switch({ checked, onChange, label, id, disabled, className, tone = "teal", ...aria }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50",
        checked ? (tone === "orange" ? "bg-orange-700" : "bg-teal-700") : "bg-stone-500",
        focusRing,
        className,
      )}
      {...aria}
    >
      <span
        aria-hidden="true"
        className={cn("inline-block size-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5.5" : "translate-x-0.5")}
      />
    </button>
  );
}
