import { cn } from "./cn";

/**
 * What a column is to the merchant: on phones (below 640 px, `sm`) each row becomes a card that
 * shows the `primary` cell (what or who: the link, the customer) with the `amount` beside it, then
 * `who` (a second line about the buyer), the `status` and `when`, `detail` lines (shown with their
 * column's name), and the row's `actions` on a line of their own; `secondary` cells are left off the
 * card (the row's detail page, one tap away, has them). Nothing is cut: a card's text wraps.
 * A cell with no kind keeps its own classes (a table cell as before).
 */
export type ColumnKind = "primary" | "amount" | "status" | "who" | "when" | "detail" | "actions" | "secondary";

/**
 * A list: a table on tablets and desktops (it scrolls sideways when its columns do not fit), one card
 * per row on phones (app/globals.css, `.kola-list`). A named group, focusable to scroll by keyboard;
 * not a landmark: its section already is one. The roles are spelled out because a table laid out as
 * cards keeps its semantics only so in every browser.
 */
export function Table({ children, className, label }: { children: React.ReactNode; className?: string; label?: string }) {
  return (
    <div className="kola-list-box relative overflow-x-auto rounded-lg border border-stone-200 bg-white" tabIndex={0} role="group" aria-label={label}>
      <table role="table" className={cn("kola-list w-full text-left text-sm", className)}>
        {children}
      </table>
    </div>
  );
}

/** The header row; `actions` names a last, unlabelled column of row buttons for screen readers. */
export function THead({ children, actions }: { children: React.ReactNode; actions?: string }) {
  return (
    <thead role="rowgroup" className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase">
      <tr role="row">
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
    <th role="columnheader" scope="col" className={cn("px-4 py-2.5 font-medium tracking-wide whitespace-nowrap", className)}>
      {children}
    </th>
  );
}

/** The rows; a list may hold several (one per item whose rows go together: an item and its log), `label` then names each. */
export function TBody({ children, label, id, className }: { children: React.ReactNode; label?: string; id?: string; className?: string }) {
  return (
    <tbody role="rowgroup" aria-label={label} id={id} className={cn("divide-y divide-stone-100", className)}>
      {children}
    </tbody>
  );
}

/** A row (a card on phones). */
export function Tr({ children, className, testId }: { children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <tr role="row" className={className} data-testid={testId}>
      {children}
    </tr>
  );
}

/**
 * A cell. `kind` places it on the phone's card; `label` (the column's name) is shown before a
 * `detail` cell's value there, where the header row is not.
 */
export function Td({ children, className, kind, label }: { children?: React.ReactNode; className?: string; kind?: ColumnKind; label?: string }) {
  return (
    <td role="cell" data-kind={kind} className={cn("px-4 py-3 align-middle", className)}>
      {label !== undefined && kind === "detail" && <span className="kola-list-label">{label} </span>}
      {children}
    </td>
  );
}
