"use client";

import { useEffect, useId, useRef } from "react";
import { useI18n } from "@/lib/i18n/provider";
import { Button } from "./button";
import { cn, focusRing } from "./cn";

/**
 * What a dialog opens on: an element marked `data-autofocus`, else its first field, else its first
 * button (in a confirmation, the safe one comes first in the DOM: actions stack with the main one last).
 */
const FIELD = [
  "input:not([type=hidden]):not([disabled]):not([readonly])",
  "select:not([disabled])",
  "textarea:not([disabled])",
].join(",");
const ANY_BUTTON = "button:not([disabled]), a[href], input:not([type=hidden]):not([disabled]), [tabindex='0']";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** wider dialogs for forms with two columns */
  size?: "sm" | "md" | "lg";
  /** the label of the × button */
  closeLabel: string;
  /** keep it open on Escape and backdrop clicks (while saving) */
  dismissible?: boolean;
};

/**
 * A modal dialog on the native <dialog> element: the browser makes the rest of the page inert
 * (focus stays inside), closes it on Escape and puts focus back where it was.
 */
export function Dialog({ open, onClose, title, description, children, size = "md", closeLabel, dismissible = true }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // the browser focuses the first focusable element, the ×: start on the dialog's own content instead
      const body = dialog.querySelector<HTMLElement>("[data-dialog-body]");
      const first = ["[data-autofocus]", FIELD, ANY_BUTTON].map((selector) => body?.querySelector<HTMLElement>(selector)).find(Boolean);
      first?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault(); // Escape: closing is ours to decide (state stays the one truth)
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose(); // a click on the backdrop
      }}
      className={cn(
        "m-auto w-[calc(100%-1.5rem)] rounded-xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-950/50",
        size === "sm" && "max-w-sm",
        size === "md" && "max-w-lg",
        size === "lg" && "max-w-2xl",
      )}
    >
      {open && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
            <div>
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={`${id}-description`} className="mt-1 text-sm text-stone-600">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={!dismissible}
              aria-label={closeLabel}
              className={cn("-mr-2 rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900", focusRing)}
            >
              <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div data-dialog-body className="overflow-y-auto px-5 py-4">
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog: main action last (right), stacked on phones. */
export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/**
 * A form's buttons in a dialog: "Cancel", then the submit button, busy while the form submits.
 * `holdCancel`: cancelling waits for the submission too (a link being created is not dropped halfway).
 */
export function FormActions({ submitLabel, submitting, onCancel, holdCancel = false }: {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
  holdCancel?: boolean;
}) {
  const { t } = useI18n();
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={holdCancel && submitting}>
        {t.common.cancel}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
