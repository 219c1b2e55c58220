"use client";

import { useId } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { controlClass, FieldError } from "@/components/ui/field";
import { contrastRatio, normalizeHex, themeFor } from "@/lib/checkout/theme";

export type ColorPickerWords = {
  label: string;
  /** the native picker's accessible name */
  pick: string;
  hint: string;
  /** "{ratio}" is filled in */
  contrastGood: string;
  contrastPoor: string;
  sample: string;
};

type ColorPickerProps = {
  /** the text as the merchant types it (#rgb or #rrggbb); checked by the form's schema */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  words: ColorPickerWords;
  id?: string;
  name?: string;
  /** the language of the numbers ("5,5:1" in French, "5.5:1" in English) */
  locale: string;
};

/** `#ABC` → `#aabbcc`, with or without its `#`; anything else stays as typed (the schema says what is wrong). */
export function tidyHex(text: string): string {
  const trimmed = text.trim();
  return normalizeHex(trimmed) ?? trimmed;
}

function format(template: string, ratio: number, locale: string): string {
  return template.replace("{ratio}", ratio.toLocaleString(locale, { maximumFractionDigits: 1 }));
}

/**
 * The marketplace colour: the browser's colour picker and a hex field kept in sync, with what the
 * checkout's pay button will look like and whether white text on it is readable (WCAG AA 4.5:1;
 * below that the checkout writes the button in black, as lib/checkout/theme decides).
 */
export function ColorPicker({ value, onChange, onBlur, error, words, id, name, locale }: ColorPickerProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-hex`;
  const hintId = `${autoId}-hint`;
  const contrastId = `${autoId}-contrast`;
  const errorId = `${autoId}-error`;
  const valid = normalizeHex(value);
  const shown = valid ?? "#0f766e";
  const theme = themeFor(shown);
  const ratio = contrastRatio(shown, "#ffffff");
  const good = theme.onBrand === "#ffffff";

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {words.label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label={words.pick}
          value={shown}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          className={cn("h-10 w-14 cursor-pointer rounded-md border border-stone-300 bg-white p-1", focusRing)}
        />
        <div className="w-32">
          <input
            id={inputId}
            name={name}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={() => {
              const tidy = tidyHex(value);
              if (tidy !== value) onChange(tidy);
              onBlur?.();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, contrastId, error ? errorId : ""].filter(Boolean).join(" ")}
            className={cn(controlClass, "h-10 font-mono")}
            placeholder="#0f766e"
          />
        </div>
        <span
          aria-hidden="true"
          className="inline-flex h-10 items-center rounded-md px-4 text-sm font-bold"
          style={{ background: theme.brand, color: theme.onBrand }}
        >
          {words.sample}
        </span>
      </div>
      <p id={hintId} className="text-xs text-stone-600">
        {words.hint}
      </p>
      <p id={contrastId} className={cn("text-xs", good ? "text-stone-600" : "text-amber-800")}>
        {format(good ? words.contrastGood : words.contrastPoor, ratio, locale)}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
