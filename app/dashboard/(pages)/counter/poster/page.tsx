import Link from "next/link";
import { redirect } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { hasRole } from "@/lib/core/roles";
import { countries, isCountry, operatorObject } from "@/lib/countries";
import { formatMoney } from "@/lib/core/money";
import { fill } from "@/lib/core/fill";
import { dictionaryOf } from "@/lib/i18n";
import { listStalls, stallQr } from "@/lib/payment-requests/stalls";
import { routeOperators } from "@/lib/providers";
import { readDashboardSession, titled } from "@/lib/server/dashboard-session";
import { PrintButton } from "./_components/print-button";

export const generateMetadata = () => titled((t) => t.stall.poster.title);

// /dashboard/counter/poster — the stall's poster, to print in A6 (default) or A5: the QR code drawn
// on the server as SVG (crisp at any print size), the shop's name, « Scannez pour payer », the
// operators the mode can take now, and the short address for those who cannot scan. A cashier
// prints its own stall's; owners and admins pick one of the account's. Printing is the browser's
// (window.print(), or « Enregistrer en PDF »): the page's @page rule sets the paper size, and
// everything but the poster is hidden in print.

const SIZES = { a6: { page: "A6", k: 1 }, a5: { page: "A5", k: 148 / 105 } } as const;
type Size = keyof typeof SIZES;

const POSTER_CSS = `
.poster{--u:calc(var(--k)*1mm);position:relative;display:flex;flex-direction:column;align-items:center;box-sizing:border-box;width:calc(105*var(--u));height:calc(148*var(--u));padding:calc(7*var(--u)) calc(7*var(--u)) calc(5*var(--u));background:#fff;color:#1c1917;border:1px solid #d6d3d1;box-shadow:0 2px 8px rgb(0 0 0/.08);text-align:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;overflow:hidden}
@media screen{.poster{--u:min(calc(var(--k)*1mm),calc((100vw - 56px)/105))}}
.poster .shop{margin:0;font-size:calc(7.5*var(--u));line-height:1.15;font-weight:800;overflow-wrap:anywhere}
.poster .stall{margin:calc(1*var(--u)) 0 0;font-size:calc(4*var(--u));color:#57534e}
.poster .scan{margin:calc(4*var(--u)) 0 0;font-size:calc(6.5*var(--u));font-weight:800;color:#0f766e;line-height:1.1}
.poster .scan2{margin:calc(.5*var(--u)) 0 0;font-size:calc(3.6*var(--u));color:#57534e}
.poster .qr{width:calc(60*var(--u));height:calc(60*var(--u));margin:calc(3.5*var(--u)) 0 0;padding:calc(2.5*var(--u));border:calc(.6*var(--u)) solid #0f766e;border-radius:calc(3*var(--u))}
.poster .qr svg{display:block;width:100%;height:100%}
.poster .or{margin:calc(2.5*var(--u)) 0 0;font-size:calc(3*var(--u));color:#57534e}
.poster .url{margin:calc(.5*var(--u)) 0 0;font:700 calc(3.6*var(--u))/1.2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.poster .ops{display:flex;flex-wrap:wrap;justify-content:center;gap:calc(1.5*var(--u));margin:auto 0 0;padding:0;list-style:none}
.poster .ops li{padding:calc(.8*var(--u)) calc(2.5*var(--u));border-radius:999px;background:#e7f1f1;color:#0f766e;font-size:calc(3.4*var(--u));font-weight:700}
.poster .acc{margin:0 0 calc(1.5*var(--u));font-size:calc(2.8*var(--u));color:#57534e;text-transform:uppercase;letter-spacing:.06em}
.poster .bounds{margin:calc(2*var(--u)) 0 0;font-size:calc(3*var(--u));color:#57534e}
.poster .test{position:absolute;top:0;left:0;right:0;padding:calc(.8*var(--u));background:#fef3c7;color:#78350f;font-size:calc(2.6*var(--u));font-weight:700}
.poster .brand{margin:calc(2*var(--u)) 0 0;font-size:calc(2.4*var(--u));color:#a8a29e}
@media print{
  html,body{background:#fff!important}
  body *{visibility:hidden!important}
  .poster,.poster *{visibility:visible!important}
  .poster{position:fixed;left:0;top:0;border:0;box-shadow:none;print-color-adjust:exact;-webkit-print-color-adjust:exact}
}`;

export default async function Page({ searchParams }: { searchParams: Promise<{ stall?: string; size?: string }> }) {
  const { lang, mode, account, member } = await readDashboardSession();
  if (!account || !member) redirect("/login");
  const t = dictionaryOf(lang).stall;
  const w = t.poster;
  const query = await searchParams;
  const size: Size = query.size === "a5" ? "a5" : "a6";
  const stalls = await listStalls({ accountId: account.id, mode, role: member.role, userId: member.userId });
  const stall = stalls.find((s) => s.id === query.stall) ?? stalls[0];
  const admin = hasRole(member.role, "admin");
  const href = (next: { stall?: string; size?: Size }) => `/dashboard/counter/poster?stall=${next.stall ?? stall?.id ?? ""}&size=${next.size ?? size}`;

  if (!stall) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{w.title}</h1>
        <p className="text-sm text-stone-600">{admin ? w.noneAdmin : w.none}</p>
        {admin && (
          <Link href="/dashboard/counter/stall" className={cn(buttonClass("primary"), "self-start")}>
            {w.manage}
          </Link>
        )}
      </div>
    );
  }

  const svg = await stallQr(stall.code, "svg");
  const country = isCountry(account.country.iso_code) ? account.country.iso_code : "CMR";
  const routes = await routeOperators(mode, Object.keys(countries[country].operators));
  const operators = routes.filter((r) => r.provider).map((r) => operatorObject(r.operator).name);
  const shortUrl = stall.url.replace(/^https?:\/\//, "");
  const label = (s: (typeof stalls)[number]) => (s.user ? fill(t.manage.cashier, { name: s.user.name }) : w.own) + (s.name ? ` · ${s.name}` : "");

  return (
    <div className="flex flex-col gap-6">
      <style>{`@page{size:${SIZES[size].page};margin:0}${POSTER_CSS}`}</style>
      <div className="flex flex-col gap-4 print:hidden">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-2xl font-bold tracking-tight">{w.title}</h1>
          <div className="flex flex-wrap gap-2">
            {admin && (
              <Link href="/dashboard/counter/stall" className={buttonClass("secondary")}>
                {w.manage}
              </Link>
            )}
            <PrintButton label={w.print} />
          </div>
        </div>
        <div className="flex flex-wrap gap-6">
          {stalls.length > 1 && (
            <nav aria-label={w.choose} className="flex flex-col gap-1.5">
              <p className="text-sm font-medium text-stone-800">{w.choose}</p>
              <ul className="flex flex-wrap gap-2">
                {stalls.map((s) => (
                  <li key={s.id}>
                    <Link href={href({ stall: s.id })} aria-current={s.id === stall.id ? "page" : undefined} className={buttonClass(s.id === stall.id ? "primary" : "secondary", "sm")}>
                      {label(s)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <nav aria-label={w.size} className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-stone-800">{w.size}</p>
            <ul className="flex gap-2">
              {(Object.keys(SIZES) as Size[]).map((s) => (
                <li key={s}>
                  <Link href={href({ size: s })} aria-current={s === size ? "page" : undefined} className={buttonClass(s === size ? "primary" : "secondary", "sm")}>
                    {SIZES[s].page}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <article className="poster self-center" style={{ "--k": SIZES[size].k } as React.CSSProperties} aria-label={w.title} data-size={size}>
        {mode === "test" && <p className="test">{w.test}</p>}
        <h2 className="shop">{account.business_name}</h2>
        {stall.name && <p className="stall">{stall.name}</p>}
        <p className="scan">{w.scan}</p>
        <p className="scan2" lang={lang === "fr" ? "en" : "fr"}>
          {w.scanOther}
        </p>
        {/* the SVG the qrcode package drew from the stall's own address: no outside markup */}
        <div className="qr" role="img" aria-label={fill(t.manage.qrAlt, { name: stall.name || account.business_name })} dangerouslySetInnerHTML={{ __html: svg }} />
        <p className="or">{w.orOpen}</p>
        <p className="url">{shortUrl}</p>
        <p className="bounds">{fill(w.amounts, { min: formatMoney(stall.min_amount, stall.currency, lang), max: formatMoney(stall.max_amount, stall.currency, lang) })}</p>
        <p className="acc" style={{ marginTop: "auto" }}>
          {w.accepted}
        </p>
        <ul className="ops" style={{ marginTop: 0 }}>
          {operators.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <p className="brand">Kola</p>
      </article>
    </div>
  );
}
