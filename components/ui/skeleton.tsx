import { cn } from "./cn";

/** A grey placeholder while data loads; screen readers hear the `label` once, not each block. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-stone-200", className)} />;
}

export function LoadingRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** Placeholder rows for a table or list. */
export function SkeletonRows({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}
