import { cn } from "./cn";

/** A table that scrolls sideways on narrow screens instead of squeezing its columns (a named group, focusable to scroll by keyboard; not a landmark: its section already is one). */
export function Table({ children, className, label }: { children: React.ReactNode; className?: string; label?: string }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white" tabIndex={0} role="group" aria-label={label}>
      <table className={cn("w-full text-left text-sm", className)}>{children}</table>
    </div>
  );
}

/** The header row; `actions` names a last, unlabelled column of row buttons for screen readers. */
export function THead({ children, actions }: { children: React.ReactNode; actions?: string }) {
  return (
    <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase">
      <tr>
        {children}
        {actions !== undefined && (
          <Th>
            <span className="sr-only">{actions}</span>
          </Th>
        )}
      </tr>
    </thead>
  );
}

export function Th({ children, className }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("px-4 py-2.5 font-medium tracking-wide whitespace-nowrap", className)}>
      {children}
    </th>
  );
}

export function TBody({ children }: { children: React.ReactNode }) {
  return <tbody className="divide-y divide-stone-100">{children}</tbody>;
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cn("px-4 py-3 align-middle", className)}>{children}</td>;
}
