import Link from "next/link";
import { cn, focusRing } from "@/components/ui/cn";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";

// Any address Kola does not serve (outside the dashboard, which has its own): in the visitor's
// language (the `kola_lang` cookie, French first), with the ways in.
export default async function NotFound() {
  const t = dictionaryOf(await readLang());
  const primary = cn("rounded-md bg-teal-700 px-4 py-2.5 font-medium text-white hover:bg-teal-800", focusRing);
  const secondary = cn("rounded-md border border-stone-300 bg-white px-4 py-2.5 font-medium hover:bg-stone-100", focusRing);
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-5 px-5 py-16">
      <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Kola · 404</p>
      <h1 className="text-3xl leading-tight font-bold">{t.notFound.title}</h1>
      <p className="text-lg text-stone-700">{t.notFound.text}</p>
      <nav aria-label="Kola" className="flex flex-wrap gap-3">
        <Link href="/" className={primary}>
          {t.notFound.home}
        </Link>
        <Link href="/dashboard" className={secondary}>
          {t.notFound.dashboard}
        </Link>
      </nav>
    </main>
  );
}
