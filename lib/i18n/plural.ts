import { fill } from "@/lib/core/fill";

/**
 * Words that agree with a count: `one` and `other` as Intl.PluralRules names them (in French 0 and 1
 * are "one": "0 tentative", "2 tentatives"; in English only 1 is: "1 attempt", "0 attempts"), and
 * `zero` where nothing reads better than a number ("sans décimale").
 */
export type Plural = { zero?: string; one: string; other: string };

const rules = new Map<string, Intl.PluralRules>();

/** The form of `forms` for `n`, with `{n}` (the count, in the language's digits) and `values` filled in. */
export function plural(locale: string, forms: Plural, n: number, values: Record<string, string | number> = {}): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  const form = n === 0 && forms.zero !== undefined ? forms.zero : rule.select(n) === "one" ? forms.one : forms.other;
  return fill(form, { n: new Intl.NumberFormat(locale).format(n), ...values });
}
