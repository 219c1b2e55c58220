"use client";

import { cn } from "@/components/ui/cn";
import { themeFor } from "@/lib/checkout/theme";
import type { BuilderBlock } from "@/lib/form-builder/operations";
import { format } from "@/lib/i18n/format";
import { decimalsOf, formatMoney } from "@/lib/i18n/numbers";
import { useI18n } from "@/lib/i18n/provider";
import { defaultFee } from "@/lib/marketplace-gateways/fee";

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
// lib/checkout/assets/checkout.css and the same colours (lib/checkout/theme), but not interactive.
const box = "block w-full min-h-12 rounded-[10px] border border-[#a8a29e] bg-white px-3 py-2.5 text-left text-base text-[#1c1917]";

/** A sample product price: 10 000 in currencies without decimals, 1 000.00 otherwise. */
function samplePrice(currency: string): number {
  const decimals = decimalsOf(currency);
  return decimals === 0 ? 10_000 : 1_000 * 10 ** decimals;
}

export function CheckoutPreview({ name, color, logoUrl, fee, currency, blocks, active }: PreviewProps) {
  const w = useI18n().t.marketplace.preview;
  const { lang } = useI18n();
  const theme = themeFor(color);
  const percent = Number(fee.replace(",", "."));
  const price = samplePrice(currency);
  const commission = Number.isFinite(percent) && percent > 0 && percent <= 50 ? defaultFee(price, percent) : 0;
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const total = money(price + commission);
  const title = name.trim() || "Marketplace";

  const label = (text: string, required: boolean, htmlFor: string) => (
    <label htmlFor={htmlFor} className="mb-1 block font-semibold">
      {text}
      {required && (
        <>
          {" "}
          <span className="text-[#b91c1c]" aria-hidden="true">
            *
          </span>
          <span className="sr-only"> ({w.required})</span>
        </>
      )}
    </label>
  );
  const hint = (text: string) => (text ? <p className="mb-1.5 text-sm text-[#57534e]">{text}</p> : null);

  return (
    <div
      inert
      data-testid="checkout-preview"
      className="rounded-xl bg-[#f5f5f4] px-3 pt-3 pb-5 text-base leading-normal text-[#1c1917] [font-family:system-ui,-apple-system,'Segoe_UI',Roboto,sans-serif]"
    >
      <div className="flex min-h-14 items-center gap-2.5 px-1 pb-2">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the marketplace's uploaded logo, any size
          <img src={logoUrl} alt="" className="block h-10 w-auto max-w-[140px] object-contain" data-testid="preview-logo" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-9 flex-none place-items-center rounded-full font-bold"
            style={{ background: theme.brand, color: theme.onBrand }}
          >
            {[...title][0]?.toUpperCase()}
          </span>
        )}
        <span className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">{title}</span>
      </div>
      {!active && <p className="mb-3 rounded-[10px] bg-[#fef3c7] px-3 py-2 text-[13px] text-[#78350f]">{w.inactive}</p>}
      <div className="rounded-2xl border border-[#e7e5e4] bg-white px-4 py-5 shadow-[0_1px_2px_rgb(0_0_0/.04)]">
        <div className="-mx-4 mb-5 border-b border-[#e7e5e4] px-4 pb-4 text-center">
          <p className="mb-2 text-sm font-semibold">{format(w.seller, { shop: w.sampleSeller })}</p>
          <p className="text-sm text-[#57534e]">{w.amountLabel}</p>
          <p className="my-0.5 text-[2rem] leading-tight font-bold tabular-nums">{total}</p>
          {commission > 0 && (
            <p className="text-sm text-[#57534e]">
              {w.price} {money(price)} · {w.serviceFee} {money(commission)}
            </p>
          )}
        </div>
        <div className="mb-4">
          {label(w.fullName, true, "pv-full-name")}
          <input id="pv-full-name" className={box} readOnly tabIndex={-1} />
        </div>
        <div className="mb-4">
          {label(w.email, true, "pv-email")}
          <input id="pv-email" type="email" className={box} readOnly tabIndex={-1} />
        </div>
        {blocks.map((block, i) => (
          <PreviewBlock key={block.id} block={block} index={i} label={label} hint={hint} choose={w.choose} brand={theme.brand} />
        ))}
        <div className="mb-4">
          {label(w.country, true, "pv-country")}
          <div id="pv-country" className={box}>
            {w.countryValue}
          </div>
        </div>
        <div className="mb-4">
          {label(w.operator, true, "pv-operator")}
          <div id="pv-operator" className={cn(box, "text-[#57534e]")}>
            {w.choose}
          </div>
        </div>
        <div className="mb-4">
          {label(w.phone, true, "pv-phone")}
          {hint(w.phoneHint)}
          <div className="flex">
            <span className="grid flex-none place-items-center rounded-l-[10px] border border-r-0 border-[#a8a29e] bg-[#f5f5f4] px-3 text-[#57534e]">
              +237
            </span>
            <input id="pv-phone" className={cn(box, "min-w-0 rounded-l-none")} readOnly tabIndex={-1} />
          </div>
        </div>
        <div
          className="mt-2 block min-h-[52px] w-full rounded-xl px-4 py-3.5 text-center text-[1.0625rem] font-bold"
          style={{ background: theme.brand, color: theme.onBrand }}
          data-testid="preview-pay"
        >
          {format(w.pay, { amount: total })}
        </div>
      </div>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-[13px] text-[#57534e]">
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 1a5 5 0 0 0-5 5v4H5v13h14V10h-2V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 0 1 6 0v4z" />
        </svg>
        {w.secure} · Kola
      </p>
    </div>
  );
}

function PreviewBlock({ block, index, label, hint, choose, brand }: {
  block: BuilderBlock;
  index: number;
  label: (text: string, required: boolean, htmlFor: string) => React.ReactNode;
  hint: (text: string) => React.ReactNode;
  choose: string;
  brand: string;
}) {
  const id = `pv-block-${index}`;
  const text = block.label.trim() || "…";
  if (block.type === "checkbox") {
    return (
      <div className="mb-4 grid grid-cols-[24px_1fr] items-start gap-x-3 gap-y-0.5" data-testid="preview-block">
        <input id={id} type="checkbox" className="mt-px size-6" style={{ accentColor: brand }} readOnly tabIndex={-1} />
        <label htmlFor={id} className="font-medium">
          {text}
          {block.required && (
            <span className="text-[#b91c1c]" aria-hidden="true">
              {" "}
              *
            </span>
          )}
        </label>
        {block.description.trim() && <p className="col-start-2 text-sm text-[#57534e]">{block.description}</p>}
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
