import { countries, type CountryIso3 } from "@/lib/countries";

/** The operators a buyer may pick, by payable country. */
export function operatorsOf(country: CountryIso3): [code: string, name: string][] {
  return Object.entries(countries[country].operators as Record<string, string>);
}
