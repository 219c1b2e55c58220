import Link from "next/link";
import { cn, focusRing } from "@/components/ui/cn";
import { dictionaryOf } from "@/lib/i18n";
import { readDashboardSession, readLang } from "@/lib/server/dashboard-session";

// / — what Kola is, and the ways in: sign up, log in (or the dashboard when signed in), the API.
// Its words come from the dashboard's dictionary, so they are in the language <html lang> says.
export default async function Home() {
  const t = dictionaryOf(await readLang()).home;
  const { account } = await readDashboardSession();
  const primary = cn("rounded-md bg-teal-700 px-4 py-2.5 font-medium text-white hover:bg-teal-800", focusRing);
  const secondary = cn("rounded-md border border-stone-300 bg-white px-4 py-2.5 font-medium hover:bg-stone-100", focusRing);
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-16">
      <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Kola</p>
      <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{t.title}</h1>
      <p className="text-lg text-stone-700">{t.text}</p>
      <nav aria-label="Kola" className="flex flex-wrap gap-3">
        {account ? (
          <Link href="/dashboard" className={primary}>
            {t.dashboard}
          </Link>
        ) : (
          <>
            <Link href="/signup" className={primary}>
              {t.signup}
            </Link>
            <Link href="/login" className={secondary}>
              {t.login}
            </Link>
          </>
        )}
      </nav>
      <section aria-labelledby="home-developers" className="border-t border-stone-200 pt-6">
        <h2 id="home-developers" className="mb-3 text-base font-semibold">
          {t.developers}
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <a href="/docs" className={cn("rounded text-teal-800 underline underline-offset-2", focusRing)}>
              {t.docs}
            </a>
          </li>
          <li>
            <a href="/v1/openapi.json" className={cn("rounded text-teal-800 underline underline-offset-2", focusRing)}>
              {t.openapi}
            </a>
          </li>
        </ul>
      </section>
    </main>
  );
}
