import { cn } from "./cn";

const tones = {
  success: "bg-emerald-100 text-emerald-900 ring-emerald-600/30",
  pending: "bg-amber-100 text-amber-900 ring-amber-600/30",
  failed: "bg-red-100 text-red-900 ring-red-600/30",
  expired: "bg-stone-200 text-stone-800 ring-stone-500/30",
  neutral: "bg-stone-100 text-stone-800 ring-stone-400/30",
  info: "bg-sky-100 text-sky-900 ring-sky-600/30",
  live: "bg-orange-100 text-orange-900 ring-orange-600/40",
} as const;

export type BadgeTone = keyof typeof tones;

/** A small label; payment statuses have their own colour, and a dot so colour is not the only cue. */
export function Badge({ tone = "neutral", children, className }: { tone?: BadgeTone; children: React.ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {children}
    </span>
  );
}
