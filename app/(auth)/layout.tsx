import { dictionaryOf } from "@/lib/i18n";
import { I18nProvider } from "@/lib/i18n/provider";
import { readLang } from "@/lib/server/dashboard-session";
import { AuthFrame } from "./_components/auth-frame";

// Log-in and sign-up: a centred card, in the language of the `kola_lang` cookie.
export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const lang = await readLang();
  return (
    <I18nProvider lang={lang} dictionary={dictionaryOf(lang)}>
      <AuthFrame>{children}</AuthFrame>
    </I18nProvider>
  );
}
