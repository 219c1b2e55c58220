"use client";

import { useRouter } from "next/navigation";
import { startTransition } from "react";

// An error above every page's own boundary: the dashboard's layout could not read the session
// (most often the database is away for a moment). Said plainly, with a retry that asks
// the server again instead of showing the same error.
export default function RootError({ reset }: { error: Error; reset: () => void }) {
  const router = useRouter();
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <main lang="fr" className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6 text-stone-900">
      <h1 className="text-xl font-semibold">Service momentanément indisponible</h1>
      <p>Le service ne répond pas pour l’instant. Réessayez dans un instant.</p>
      <p className="text-sm text-stone-600" lang="en">
        The service is unavailable for a moment. Try again shortly.
      </p>
      <button type="button" onClick={retry} className="self-start rounded-md bg-stone-900 px-4 py-2 text-white">
        Réessayer
      </button>
    </main>
  );
}
