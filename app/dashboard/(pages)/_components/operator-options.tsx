"use client";

import { countries, type CountryIso3 } from "@/lib/countries";
import { countryLabel, operatorLabel } from "@/lib/i18n/labels";
import { useI18n } from "@/lib/i18n/provider";

/** The `<option>`s of a mobile-money wallet's operator, grouped by country (withdrawals, seller payouts), in the dashboard's language. */
export function OperatorOptions({ countryCodes }: { countryCodes: CountryIso3[] }) {
  const { lang } = useI18n();
  return countryCodes.map((c) => (
    <optgroup key={c} label={countryLabel(c, lang)}>
      {Object.keys(countries[c].operators).map((code) => (
        <option key={code} value={code}>
          {operatorLabel(code, lang, true)}
        </option>
      ))}
    </optgroup>
  ));
}
