"use client";

import { Button } from "@/components/ui/button";

/** « Imprimer l'affiche »: the browser's print dialog (A5 or A6, as the page's @page says). */
export function PrintButton({ label }: { label: string }) {
  return <Button onClick={() => window.print()}>{label}</Button>;
}
