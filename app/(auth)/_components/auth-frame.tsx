"use client";

import Link from "next/link";
import { LanguageSwitch } from "@/app/dashboard/(pages)/_components/language-switch";
import { cn, focusRing } from "@/components/ui/cn";

export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-5 py-4">
        <Link href="/" className={cn("rounded text-xl font-bold text-teal-700", focusRing)}>
          Kola
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}
