"use client";

import { useEffect, useId, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { countries, type CountryIso3 } from "@/lib/countries";
import { operatorOfNumber, walletsOnAnyNumber } from "@/lib/countries/operator-of-number";
import { exampleNumber, readTypedNumber, unbroken } from "@/lib/countries/typed-number";
import { useI18n } from "@/lib/i18n/provider";
import { predictOperator } from "@/lib/query/payment-requests";

export type Detection =
  | { kind: "certain" | "predicted" | "probable"; operator: string }
  | { kind: "unsupported"; network: string }
  | { kind: "unknown" };

/** pawaPay's answers, per number, for the life of the page. */
const predictions = new Map<string, string | null>();

/**
 * The operator of the number as typed: the national numbering plan (browser-side, no request); where
 * it says nothing certain and the number is complete, pawaPay's prediction (one small request).
 */
export function useDetectedOperator(phone: string, country: CountryIso3): Detection {
  const typed = readTypedNumber(phone, country);
  const plan = typed.digits && !typed.foreign ? operatorOfNumber(typed.digits, country) : ({ kind: "unknown" } as const);
  const ask = typed.complete && !(plan.kind === "operator" && plan.certain) ? typed.digits : null;
  const [, setAnswered] = useState(0);
  useEffect(() => {
    if (!ask || predictions.has(ask) || !navigator.onLine) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void predictOperator(country, ask, controller.signal).then((operator) => {
        if (controller.signal.aborted) return;
        predictions.set(ask, operator);
        setAnswered((n) => n + 1);
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ask, country]);
  const predicted = ask ? predictions.get(ask) : null;
  if (plan.kind === "operator" && plan.certain) return { kind: "certain", operator: plan.operator };
  if (predicted) return { kind: "predicted", operator: predicted };
  if (plan.kind === "operator") return { kind: "probable", operator: plan.operator };
  if (plan.kind === "unsupported") return { kind: "unsupported", network: plan.network };
  return { kind: "unknown" };
}

/** The buyer's number (national form of the account's country) and their operator, told as typed and changeable. */
export function PhoneField({
  country,
  phone,
  onPhone,
  operator,
  detection,
  onOperator,
  phoneError,
  operatorError,
}: {
  country: CountryIso3;
  phone: string;
  onPhone: (phone: string) => void;
  /** the operator the sale will use: chosen, or detected */
  operator: string | null;
  detection: Detection;
  onOperator: (operator: string) => void;
  phoneError?: string;
  operatorError?: string;
}) {
  const { t, fill } = useI18n();
  const w = t.counter;
  const id = useId();
  const operators = Object.entries(countries[country].operators as Record<string, string>);
  const wave = walletsOnAnyNumber(country).length > 0;
  const said =
    detection.kind === "certain" || detection.kind === "predicted"
      ? fill(w.detected, { operator: countries[country].operators[detection.operator as never] ?? detection.operator })
      : detection.kind === "probable"
        ? fill(w.probable, { operator: countries[country].operators[detection.operator as never] ?? detection.operator })
        : detection.kind === "unsupported"
          ? fill(w.unsupportedNetwork, { network: detection.network })
          : readTypedNumber(phone, country).complete
            ? w.chooseOperator
            : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-phone`} className="text-sm font-medium text-stone-800">
          {w.phone}
        </label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          onChange={(event) => onPhone(event.target.value)}
          placeholder={exampleNumber(country)}
          aria-describedby={`${id}-phone-hint${phoneError ? ` ${id}-phone-error` : ""}`}
          aria-invalid={phoneError ? true : undefined}
          className={cn(
            "h-14 w-full rounded-lg border bg-white px-4 text-2xl tracking-wide tabular-nums placeholder:text-stone-400",
            phoneError ? "border-red-600" : "border-stone-300",
            focusRing,
          )}
        />
        <p id={`${id}-phone-hint`} className="text-xs text-stone-600">
          {fill(w.phoneHint, { example: unbroken(exampleNumber(country)) })}
        </p>
        {phoneError && (
          <p id={`${id}-phone-error`} className="text-sm font-medium text-red-700">
            {phoneError}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-operator-said`}>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{w.operator}</legend>
        <div className="flex flex-wrap gap-2">
          {operators.map(([code, name]) => (
            <label key={code} className="relative">
              <input
                type="radio"
                name={`${id}-operator`}
                value={code}
                checked={operator === code}
                onChange={() => onOperator(code)}
                className="peer sr-only"
              />
              <span
                className={cn(
                  "flex h-11 min-w-16 cursor-pointer items-center justify-center rounded-full border px-4 text-sm font-semibold select-none",
                  "border-stone-300 bg-white text-stone-800 peer-checked:border-teal-700 peer-checked:bg-teal-700 peer-checked:text-white",
                  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-focus-visible:outline-solid",
                )}
              >
                {name}
              </span>
            </label>
          ))}
        </div>
        <p id={`${id}-operator-said`} className="min-h-5 text-xs text-stone-600" aria-live="polite">
          {operatorError ? <span className="text-sm font-medium text-red-700">{operatorError}</span> : said}
          {!operatorError && wave && <span className="block">{w.waveHint}</span>}
        </p>
      </fieldset>
    </div>
  );
}
