import { cn } from "@/components/ui/cn";
import type { BlockType } from "@/lib/form-builder/edits";

const paths: Record<BlockType, string> = {
  text: "M4 7h12M4 12h8",
  textarea: "M4 5h12M4 9h12M4 13h12M4 17h7",
  email: "M3 6h14v9H3zM3 6l7 5 7-5",
  phone: "M7 2h6a1 1 0 011 1v14a1 1 0 01-1 1H7a1 1 0 01-1-1V3a1 1 0 011-1zM9 15h2",
  number: "M7 3L5 17M15 3l-2 14M3 7h14M3 13h14",
  date: "M3 5h14v12H3zM3 9h14M7 3v4M13 3v4",
  select: "M3 5h14v10H3zM11 9l2 2 2-2",
  checkbox: "M3 3h14v14H3zM6.5 10l2.5 2.5 4.5-5",
};

/** A small picture of each kind of answer, beside its name (decorative). */
export function BlockIcon({ type, className }: { type: BlockType; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={cn("size-4 shrink-0 text-teal-700", className)} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[type]} />
    </svg>
  );
}
