import { pagePath, submitApiPath, type Checkout } from "../checkout";
import type { FormValues } from "../form-input";
import type { Html } from "../html";
import type { Locale } from "../i18n";
import { formPage } from "./form-page";
import { renderPage } from "./layout";

export type FormModel = {
  checkout: Checkout;
  locale: Locale;
  values: FormValues;
  /** friendly messages by field key (`phone`, `answers.size`, `form`) */
  errors: Record<string, string>;
};

export function renderForm({ checkout, locale, values, errors }: FormModel): { page: Html; imageOrigins: string[] } {
  const paths = { action: pagePath(checkout, locale), api: submitApiPath(checkout, locale), otherLang: pagePath(checkout, locale === "fr" ? "en" : "fr") };
  return renderPage(formPage({ checkout, locale, values, errors, paths }));
}
