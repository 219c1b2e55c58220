/** Joins class names, skipping the falsy ones. */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

/** The focus ring every interactive primitive shares: visible for keyboard users only. */
// (no `outline-none` base: in Tailwind 4 it sets --tw-outline-style to none, which the
// focus-visible outline would then inherit)
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-teal-700";
