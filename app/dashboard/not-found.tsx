import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";

// A dashboard address that leads nowhere (an old bookmark, a typo): said in the merchant's language,
// inside the dashboard's frame, with the ways back.
export default async function DashboardNotFound() {
  const t = dictionaryOf(await readLang());
  const link = cn("rounded text-teal-800 underline underline-offset-2", focusRing);
  return (
    <div className="flex max-w-xl flex-col gap-4 py-6">
      <p className="text-sm font-semibold text-stone-500">404</p>
      <h1 className="text-2xl font-bold tracking-tight">{t.notFound.title}</h1>
      <p className="text-stone-700">{t.notFound.dashboardText}</p>
      <ul className="flex flex-col gap-2">
        {(
          [
            ["/dashboard/links", t.nav.links],
            ["/dashboard/deposits", t.nav.deposits],
            ["/dashboard/balance", t.nav.balance],
          ] as const
        ).map(([href, label]) => (
          <li key={href}>
            <Link href={href} className={link}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <Link href="/dashboard" className={cn(buttonClass("primary"), "self-start")}>
        {t.nav.overview}
      </Link>
    </div>
  );
}
