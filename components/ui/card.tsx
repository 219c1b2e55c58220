"use client";

import { useId } from "react";
import { cn } from "./cn";

/** A white panel with an optional heading row; with a title it is a region named by it. */
export function Card({ title, action, children, className }: {
  title?: React.ReactNode;
  action?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={cn("rounded-lg border border-stone-200 bg-white", className)} aria-labelledby={title ? `${id}-title` : undefined}>
      {(title || action) && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
          {title && (
            <h2 id={`${id}-title`} className="text-base font-semibold">
              {title}
            </h2>
          )}
          {action}
        </div>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}

/** The title row of a dashboard page, with its main action. */
export function PageHeader({ title, description, action }: { title: string; description?: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}
