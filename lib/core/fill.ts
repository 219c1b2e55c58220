/**
 * Fills `{name}` placeholders from `values`: fill("Au moins {n}.", { n: 8 }) → "Au moins 8.". A
 * placeholder without a value stays as written, so a missing word shows instead of vanishing.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  // own keys only: no template names an Object.prototype member, so this answers as `in` did
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
