"use client";

import { cn } from "@/components/ui/cn";
import { countryName, t as checkoutWord, type MessageKey } from "@/lib/checkout/i18n";
import { PAGE_COLORS, themeFor, type Theme } from "@/lib/checkout/theme";
import type { BuilderBlock } from "@/lib/form-builder/edits";
import { decimalsOf, formatMoney, toMinor } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { buyerPrice, defaultFee } from "@/lib/marketplace-gateways/fee";

type PreviewProps = {
  name: string;
  color: string;
  logoUrl: string | null;
  /** the commission in percent, as typed ("2.5"); unreadable text counts as 0 */
  fee: string;
  currency: string;
  blocks: readonly BuilderBlock[];
  active: boolean;
};

// The buyer's page of a marketplace link (/pay/m/{id}) drawn with the same measures as
// lib/checkout/assets/checkout.css, in the checkout's own colours (lib/checkout/theme: the page's
// palette and the marketplace's theme, as CSS variables named as checkout.css names them) and its
// own words (lib/checkout/i18n), but not interactive.
const box = "block w-full min-h-12 rounded-[10px] border border-(--edge) bg-white px-3 py-2.5 text-left text-base text-(--fg)";

// The sample buyer is in Cameroon: a number as the checkout's own example for it.
const SAMPLE_COUNTRY = "CMR";
const SAMPLE_PHONE = "6\u00a071\u00a023\u00a045\u00a067";

/** The checkout's colours as the variables checkout.css uses: its palette, then the marketplace's theme. */
function checkoutVars(theme: Theme): React.CSSProperties {
  const vars = { ...PAGE_COLORS, brand: theme.brand, "on-brand": theme.onBrand, ink: theme.ink, soft: theme.soft };
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [`--${name}`, value]));
}

/** A sample product price: 10 000 in currencies without decimals, 1 000.00 otherwise. */
function samplePrice(currency: string): number {
  const decimals = decimalsOf(currency);
  return decimals === 0 ? 10_000 : toMinor(1_000, currency);
}

export function CheckoutPreview({ name, color, logoUrl, fee, currency, blocks, active }: PreviewProps) {
  const w = useI18n().t.marketplace.preview;
  const { lang } = useI18n();
  const say = (key: MessageKey, vars?: Record<string, string>) => checkoutWord(lang, key, vars);
  const theme = themeFor(color);
  const percent = Number(fee.replace(",", "."));
  const price = samplePrice(currency);
  const commission = Number.isFinite(percent) && percent > 0 && percent <= 50 ? defaultFee(price, percent) : 0;
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const total = money(buyerPrice(price, commission));
  const title = name.trim() || "Marketplace";

  const label = (text: string, required: boolean, htmlFor: string) => (
    <label htmlFor={htmlFor} className="mb-1 block font-semibold">
      {text}
      {required && (
        <>
          {" "}
          <span className="text-(--bad)" aria-hidden="true">
            *
          </span>
          <span className="sr-only"> ({say("field.required")})</span>
        </>
      )}
    </label>
  );
  const hint = (text: string) => (text ? <p className="mb-1.5 text-sm text-(--muted)">{text}</p> : null);

  return (
    <div
      inert
      data-testid="checkout-preview"
      style={checkoutVars(theme)}
      className="rounded-xl bg-(--bg) px-3 pt-3 pb-5 text-base leading-normal text-(--fg) [font-family:system-ui,-apple-system,'Segoe_UI',Roboto,sans-serif]"
    >
      <div className="flex min-h-14 items-center gap-2.5 px-1 pb-2">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the marketplace's uploaded logo, any size
          <img src={logoUrl} alt="" className="block h-10 w-auto max-w-[140px] object-contain" data-testid="preview-logo" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-9 flex-none place-items-center rounded-full bg-(--brand) font-bold text-(--on-brand)"
          >
            {[...title][0]?.toUpperCase()}
          </span>
        )}
        <span className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">{title}</span>
      </div>
      {!active && <p className="mb-3 rounded-[10px] bg-[#fef3c7] px-3 py-2 text-[13px] text-[#78350f]">{w.inactive}</p>}
      <div className="rounded-2xl border border-(--line) bg-white px-4 py-5 shadow-[0_1px_2px_rgb(0_0_0/.04)]">
        <div className="-mx-4 mb-5 border-b border-(--line) px-4 pb-4 text-center">
          <p className="mb-2 text-sm font-semibold">{say("seller", { shop: w.sampleSeller })}</p>
          <p className="text-sm text-(--muted)">{say("amount.label")}</p>
          <p className="my-0.5 text-[2rem] leading-tight font-bold tabular-nums">{total}</p>
          {commission > 0 && (
            <p className="text-sm text-(--muted)">
              {say("amount.price")} {money(price)} · {say("amount.fee")} {money(commission)}
            </p>
          )}
        </div>
        <div className="mb-4">
          {label(say("field.full_name"), true, "pv-full-name")}
          <input id="pv-full-name" className={box} readOnly tabIndex={-1} />
        </div>
        <div className="mb-4">
          {label(say("field.email"), true, "pv-email")}
          <input id="pv-email" type="email" className={box} readOnly tabIndex={-1} />
        </div>
        {blocks.map((block, i) => (
          <PreviewBlock key={block.id} block={block} index={i} label={label} hint={hint} choose={say("field.choose")} />
        ))}
        <div className="mb-4">
          {label(say("field.country"), true, "pv-country")}
          <div id="pv-country" className={box}>
            {countryName(lang, SAMPLE_COUNTRY)}
          </div>
        </div>
        <div className="mb-4">
          {label(say("field.operator"), true, "pv-operator")}
          <div id="pv-operator" className={cn(box, "text-(--muted)")}>
            {say("field.choose")}
          </div>
        </div>
        <div className="mb-4">
          {label(say("field.phone"), true, "pv-phone")}
          {hint(say("field.phone.hint", { example: SAMPLE_PHONE }))}
          <div className="flex">
            <span className="grid flex-none place-items-center rounded-l-[10px] border border-r-0 border-(--edge) bg-(--bg) px-3 text-(--muted)">
              +237
            </span>
            <input id="pv-phone" className={cn(box, "min-w-0 rounded-l-none")} readOnly tabIndex={-1} />
          </div>
        </div>
        <div
          className="mt-2 block min-h-[52px] w-full rounded-xl bg-(--brand) px-4 py-3.5 text-center text-[1.0625rem] font-bold text-(--on-brand)"
          data-testid="preview-pay"
        >
          {say("submit", { amount: total })}
        </div>
      </div>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-[13px] text-(--muted)">
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 1a5 5 0 0 0-5 5v4H5v13h14V10h-2V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 0 1 6 0v4z" />
        </svg>
        {say("secure")} · Kola
      </p>
    </div>
  );
}

function PreviewBlock({ block, index, label, hint, choose }: {
  block: BuilderBlock;
  index: number;
  label: (text: string, required: boolean, htmlFor: string) => React.ReactNode;
  hint: (text: string) => React.ReactNode;
  choose: string;
}) {
  const id = `pv-block-${index}`;
  const text = block.label.trim() || "…";
  if (block.type === "checkbox") {
    return (
      <div className="mb-4 grid grid-cols-[24px_1fr] items-start gap-x-3 gap-y-0.5" data-testid="preview-block">
        <input id={id} type="checkbox" className="mt-px size-6 accent-(--brand)" readOnly tabIndex={-1} />
        <label htmlFor={id} className="font-medium">
          {text}
          {block.required && (
            <span className="text-(--bad)" aria-hidden="true">
              {" "}
              *
            </span>
          )}
        </label>
        {block.description.trim() && <p className="col-start-2 text-sm text-(--muted)">{block.description}</p>}
      </div>
    );
  }
  const control = (() => {
    switch (block.type) {
      case "textarea":
        return <textarea id={id} rows={3} className={cn(box, "min-h-24 resize-none")} readOnly tabIndex={-1} />;
      case "select":
        return (
          <select id={id} className={box} tabIndex={-1} defaultValue="">
            <option value="">{choose}</option>
            {block.options.map((o) => (
              <option key={o.id}>{o.value}</option>
            ))}
          </select>
        );
      case "date":
        return <input id={id} type="date" className={box} readOnly tabIndex={-1} />;
      default:
        return <input id={id} type={block.type === "email" ? "email" : block.type === "phone" ? "tel" : "text"} className={box} readOnly tabIndex={-1} />;
    }
  })();
  return (
    <div className="mb-4" data-testid="preview-block">
      {label(text, block.required, id)}
      {hint(block.description.trim())}
      {control}
    </div>
  );
}
