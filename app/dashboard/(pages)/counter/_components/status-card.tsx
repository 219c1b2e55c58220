"use client";

import { useEffect, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { formatMoney } from "@/lib/core/money";
import { countries, isCountry, operatorObject } from "@/lib/countries";
import { maskNumber, unbroken } from "@/lib/countries/typed-number";
import type { Dictionary } from "@/lib/i18n";
import { reasonLabel } from "@/lib/i18n/labels";
import { useI18n } from "@/lib/i18n/provider";
import type { PaymentRequest } from "@/lib/query/payment-requests";

/** A failure reason as a sentence the cashier can repeat to the buyer (the merchant's wording where the counter has none). */
export function counterReason(code: string | null, t: Dictionary): string {
  const words = t.counter.reasons as Record<string, string>;
  return code && Object.hasOwn(words, code) ? words[code]! : reasonLabel(code, t);
}

export type CardActions = {
  onResend: (operator?: string) => void;
  onCancel: () => void;
  onNewSale: () => void;
  /** an action under way: its buttons wait */
  busy: "resend" | "cancel" | null;
  /** the last action's refusal, in words */
  error: string | null;
};

/** The sale on screen, live: waiting for the buyer's PIN, paid (with its receipt code), failed or expired (send again), or a pay link to hand over. */
export function StatusCard({ request, shop, actions }: { request: PaymentRequest; shop: string; actions: CardActions }) {
  const { t, lang, fill } = useI18n();
  const w = t.counter;
  const amount = formatMoney(request.amount, request.currency, lang);
  const phone = unbroken(maskNumber(request.phone_number, isCountry(request.country) ? request.country : undefined));
  const operator = operatorObject(request.operator).name;
  const heading = useRef<HTMLHeadingElement>(null);
  // a new state is announced and focused: the cashier's eyes and a screen reader land on it
  useEffect(() => heading.current?.focus(), [request.status]);

  const title = (text: string, className: string) => (
    <h2 ref={heading} tabIndex={-1} className={cn("text-center font-bold outline-none", className)} aria-live="polite">
      {text}
    </h2>
  );

  if (request.status === "paid") {
    return (
      <section className="flex flex-col items-center gap-4 rounded-2xl border-2 border-emerald-600 bg-emerald-50 px-4 py-6" data-state="paid">
        <span className="flex size-24 items-center justify-center rounded-full bg-emerald-600 text-white" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="size-16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        {title(w.paid, "text-4xl text-emerald-800")}
        <p className="text-4xl font-bold text-stone-900 tabular-nums">{amount}</p>
        <p className="text-sm text-stone-700">{fill(w.paidHint, { amount, phone })}</p>
        <div className="flex flex-col items-center gap-1 rounded-xl bg-white px-5 py-3 ring-1 ring-emerald-600/30">
          <p className="text-sm font-medium text-stone-700">{w.receipt}</p>
          {/* The receipt code is filled by settleDeposit (another branch of this round): until then the API says null. */}
          {request.receipt_code ? (
            <p className="font-mono text-3xl font-bold tracking-widest text-stone-900" data-testid="receipt-code">
              {request.receipt_code}
            </p>
          ) : (
            <p className="text-sm text-stone-600">{w.receiptPending}</p>
          )}
        </div>
        <Button className="h-14 w-full text-xl" onClick={actions.onNewSale}>
          {w.newSale}
        </Button>
      </section>
    );
  }

  if (request.status === "pending" && request.delivery === "link") {
    return <LinkCard request={request} shop={shop} amount={amount} actions={actions} title={title} />;
  }

  if (request.status === "pending") {
    return (
      <section className="flex flex-col items-center gap-4 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-6" data-state="pending">
        <svg className="size-16 animate-spin text-amber-600" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2.5" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        {title(w.waiting, "text-2xl text-stone-900")}
        <p className="text-3xl font-bold tabular-nums">{amount}</p>
        <p className="text-center text-sm text-stone-700">{fill(w.waitingHint, { amount, phone, operator })}</p>
        <Button variant="ghost" onClick={actions.onNewSale}>
          {w.newSale}
        </Button>
      </section>
    );
  }

  if (request.status === "cancelled") {
    return (
      <section className="flex flex-col items-center gap-4 rounded-2xl border border-stone-300 bg-white px-4 py-6" data-state="cancelled">
        {title(w.cancelledTitle, "text-2xl text-stone-900")}
        <p className="text-2xl font-bold tabular-nums">{amount}</p>
        <Button className="h-14 w-full text-xl" onClick={actions.onNewSale}>
          {w.newSale}
        </Button>
      </section>
    );
  }

  // failed or expired: the reason in words, send again (the same or another operator)
  return <FailedCard request={request} amount={amount} phone={phone} actions={actions} title={title} />;
}

function FailedCard({ request, amount, phone, actions, title }: {
  request: PaymentRequest;
  amount: string;
  phone: string;
  actions: CardActions;
  title: (text: string, className: string) => React.ReactNode;
}) {
  const { t } = useI18n();
  const w = t.counter;
  const [choosing, setChoosing] = useState(false);
  const others = isCountry(request.country)
    ? Object.entries(countries[request.country].operators as Record<string, string>).filter(([code]) => code !== request.operator)
    : [];
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border-2 border-red-600 bg-red-50 px-4 py-6" data-state={request.status}>
      <span className="flex size-16 items-center justify-center rounded-full bg-red-600 text-white" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      </span>
      {title(request.status === "expired" ? w.expired : w.failed, "text-3xl text-red-800")}
      <p className="text-2xl font-bold tabular-nums">
        {amount} <span className="text-base font-normal text-stone-700">· {phone}</span>
      </p>
      <p className="text-center text-lg font-medium text-stone-900" data-testid="failure-reason">
        {counterReason(request.failure_reason, t)}
      </p>
      {actions.error && (
        <p role="alert" className="text-center text-sm font-medium text-red-800">
          {actions.error}
        </p>
      )}
      {request.can_resend && (
        <div className="flex w-full flex-col gap-2">
          <Button className="h-14 w-full text-xl" loading={actions.busy === "resend"} onClick={() => actions.onResend()}>
            {w.resend}
          </Button>
          {others.length > 0 &&
            (choosing ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-stone-800">{w.otherOperator}</legend>
                <div className="flex flex-wrap gap-2">
                  {others.map(([code, name]) => (
                    <button
                      key={code}
                      type="button"
                      disabled={actions.busy !== null}
                      onClick={() => actions.onResend(code)}
                      className={cn("h-11 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold hover:bg-stone-100", focusRing)}
                    >
                      {name}
                    </button>
                  ))}
                </div>
              </fieldset>
            ) : (
              <Button variant="secondary" className="h-12 w-full" onClick={() => setChoosing(true)}>
                {w.changeOperator}
              </Button>
            ))}
        </div>
      )}
      <Button variant={request.can_resend ? "ghost" : "primary"} className={request.can_resend ? "" : "h-14 w-full text-xl"} onClick={actions.onNewSale}>
        {w.newSale}
      </Button>
    </section>
  );
}

function LinkCard({ request, shop, amount, actions, title }: {
  request: PaymentRequest;
  shop: string;
  amount: string;
  actions: CardActions;
  title: (text: string, className: string) => React.ReactNode;
}) {
  const { t, fill } = useI18n();
  const w = t.counter;
  const message = fill(w.shareMessage, { amount, shop, url: request.pay_url });
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-sky-300 bg-sky-50 px-4 py-6" data-state="link">
      {title(w.linkTitle, "text-lg text-stone-900")}
      <p className="text-3xl font-bold tabular-nums">{amount}</p>
      {/* the PNG the server draws (qr_url): no QR library on this page */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={request.qr_url} alt={fill(w.qrAlt, { amount })} width={224} height={224} className="size-56 rounded-lg bg-white p-2 ring-1 ring-stone-200" />
      <p className="font-mono text-sm break-all text-stone-700">{request.pay_url}</p>
      <div className="grid w-full grid-cols-3 gap-2">
        <a href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer" className={cn(buttonClass("secondary"), "h-12")}>
          {w.shareWhatsapp}
        </a>
        <a href={`sms:?body=${encodeURIComponent(message)}`} className={cn(buttonClass("secondary"), "h-12")}>
          {w.shareSms}
        </a>
        <CopyButton value={request.pay_url} label={t.common.copy} ariaLabel={w.copyLink} copiedLabel={t.common.copied} size="md" className="h-12" />
      </div>
      <p className="text-center text-sm text-stone-700">{fill(w.linkHint, { amount })}</p>
      {actions.error && (
        <p role="alert" className="text-center text-sm font-medium text-red-800">
          {actions.error}
        </p>
      )}
      <Button variant="ghost" loading={actions.busy === "cancel"} onClick={actions.onCancel}>
        {w.cancel}
      </Button>
    </section>
  );
}
