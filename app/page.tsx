import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-5 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">Kola</p>
      <h1 className="text-3xl font-bold leading-tight sm:text-4xl">
        Payment links and marketplaces, paid by mobile money.
      </h1>
      <p className="text-lg text-stone-600">
        Create a link with one API call, send it to your buyer, get paid with MTN, Orange, Wave, Moov, M-Pesa and
        more across francophone Africa.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link href="/docs" className="rounded-md bg-teal-700 px-4 py-2.5 font-medium text-white hover:bg-teal-800">
          API reference
        </Link>
        <a href="/v1/openapi.json" className="rounded-md border border-stone-300 px-4 py-2.5 font-medium hover:bg-white">
          OpenAPI document
        </a>
      </div>
    </main>
  );
}
