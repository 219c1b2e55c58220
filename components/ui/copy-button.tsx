"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./button";

type CopyButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  value: string;
  label: string;
  copiedLabel: string;
  /** an accessible name that says what is copied ("Copier le lien"), when `label` alone is vague */
  ariaLabel?: string;
};

/** Copies `value` to the clipboard and says so for two seconds (announced to screen readers). */
export function CopyButton({ value, label, copiedLabel, ariaLabel, variant = "secondary", size = "sm", ...rest }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // no clipboard permission (http, old browsers): the selection fallback
      const area = document.createElement("textarea");
      area.value = value;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
  }

  return (
    <Button variant={variant} size={size} onClick={copy} aria-label={ariaLabel} data-copied={copied || undefined} {...rest}>
      <svg viewBox="0 0 20 20" className="size-4" fill="none" aria-hidden="true">
        {copied ? (
          <path d="M4 10.5l4 4 8-9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M7 7V4.5A1.5 1.5 0 018.5 3h7A1.5 1.5 0 0117 4.5v7a1.5 1.5 0 01-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0113 8.5v7a1.5 1.5 0 01-1.5 1.5h-7A1.5 1.5 0 013 15.5v-7A1.5 1.5 0 014.5 7z" stroke="currentColor" strokeWidth="1.5" />
        )}
      </svg>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
