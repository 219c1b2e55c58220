/** Fills `{name}` placeholders: format("Au moins {n}.", { n: 8 }) → "Au moins 8.". */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
