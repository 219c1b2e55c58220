"use client";

import { useId, useState, type ReactNode } from "react";
import { useI18n } from "@/lib/i18n/provider";
import { cn, focusRing } from "./cn";
import { CopyButton } from "./copy-button";
import { ReadOnlyInput } from "./copy-field";
import { DialogActions } from "./dialog";
import { Button } from "./button";

/**
 * A secret shown once (an API key, a webhook signing secret): read-only field, copy button, and an
 * "I saved it" tick that `children` receives to unlock the way out.
 */
type SecretOnceProps = {
  label: ReactNode;
  labelClassName?: string;
  value: string;
  testId: string;
  savedLabel: string;
  children: (saved: boolean) => ReactNode;
};

export function SecretOnce({ label, labelClassName = "block text-sm font-medium", value, testId, savedLabel, children }: SecretOnceProps) {
  const { t } = useI18n();
  const [saved, setSaved] = useState(false);
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-secret`} className={labelClassName}>
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <ReadOnlyInput id={`${id}-secret`} value={value} data-testid={testId} className={cn("h-10", focusRing)} />
        <CopyButton value={value} label={t.common.copy} copiedLabel={t.common.copied} size="md" />
      </div>
      <label className="mt-5 flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className={cn("mt-0.5 size-4 accent-teal-700", focusRing)}
        />
        {savedLabel}
      </label>
      {children(saved)}
    </>
  );
}

/** In a dialog: the secret, then "Close", which waits for the tick. */
export function DialogSecret({ onDone, ...secret }: Omit<SecretOnceProps, "children"> & { onDone: () => void }) {
  const { t } = useI18n();
  return (
    <div>
      <SecretOnce {...secret}>
        {(saved) => (
          <DialogActions>
            <Button disabled={!saved} onClick={onDone}>
              {t.common.close}
            </Button>
          </DialogActions>
        )}
      </SecretOnce>
    </div>
  );
}
