import { countries, type CountryIso3 } from "@/lib/countries";

/** The `<option>`s of a mobile-money wallet's operator, grouped by country (withdrawals, seller payouts). */
export function OperatorOptions({ countryCodes }: { countryCodes: CountryIso3[] }) {
  return countryCodes.map((c) => (
    <optgroup key={c} label={countries[c].name}>
      {Object.entries(countries[c].operators).map(([code, name]) => (
        <option key={code} value={code}>
          {name} ({countries[c].name})
        </option>
      ))}
    </optgroup>
  ));
}
