"use client";

import { Card, PageHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { languages, type Lang } from "@/lib/core/languages";
import { useI18n } from "@/lib/i18n/provider";
import { notificationPreferences, type NotificationPreference } from "@/lib/core/notification-kinds";
import { useMe, useUpdateMe, type Me } from "@/lib/query/team";
import { AccountSwitch } from "../../_components/account-switch";
import { QueryList } from "../../_components/query-list";
import { CardsCard } from "./cards-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { SmsPhonesCard } from "./sms-phones-card";

/** Settings: the business profile, then what is the signed-in member's own (mails, language, account shown). */
export function SettingsPage() {
  const { t } = useI18n();
  const me = useMe();
  return (
    <>
      <PageHeader title={t.team.settings.title} description={t.team.settings.intro} />
      <div className="flex flex-col gap-6">
        <ProfileCard />
        <CardsCard />
        <SmsPhonesCard />
        <QueryList query={me} items={me.data ? [me.data] : undefined} loading={t.common.loading} rows={3}>
          {([mine]) => (
            <>
              <NotificationsCard me={mine!} />
              <LanguageCard me={mine!} />
              <PasswordCard />
              {mine!.accounts.length > 1 && <AccountSwitcher me={mine!} />}
            </>
          )}
        </QueryList>
      </div>
    </>
  );
}

function NotificationsCard({ me }: { me: Me }) {
  const { t, fill } = useI18n();
  const words = t.team.settings;
  const update = useUpdateMe();
  const notify = useToast();
  const toggle = async (name: NotificationPreference, on: boolean) => {
    try {
      await update.mutateAsync({ notifications: { [name]: on } });
      notify(words.notificationsSaved);
    } catch (error) {
      notify(errorMessage(error, t), "error");
    }
  };
  return (
    <Card title={words.notifications}>
      <p className="mb-4 text-sm text-stone-600">{fill(words.notificationsIntro, { email: me.email })}</p>
      <ul className="flex flex-col divide-y divide-stone-200">
        {notificationPreferences.map((name) => (
          <li key={name} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p id={`pref-${name}`} className="text-sm font-medium text-stone-900">
                {words[name]}
              </p>
              <p id={`pref-${name}-hint`} className="text-sm text-stone-600">
                {words[`${name}Hint`]}
              </p>
            </div>
            <Switch
              checked={me.notifications[name]}
              onChange={(on) => void toggle(name, on)}
              disabled={update.isPending}
              label={words[name]}
              aria-describedby={`pref-${name}-hint`}
            />
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-stone-600">{words.receipts}</p>
    </Card>
  );
}

function LanguageCard({ me }: { me: Me }) {
  const { t, setLang } = useI18n();
  const words = t.team.settings;
  const update = useUpdateMe();
  const notify = useToast();
  const choose = async (language: Lang) => {
    try {
      await update.mutateAsync({ language });
      notify(words.languageSaved);
      setLang(language); // this browser too, at once
    } catch (error) {
      notify(errorMessage(error, t), "error");
    }
  };
  return (
    <Card title={words.language}>
      <p id="language-intro" className="mb-3 text-sm text-stone-600">
        {words.languageIntro}
      </p>
      <Select
        aria-label={words.language}
        aria-describedby="language-intro"
        value={me.language}
        disabled={update.isPending}
        onChange={(event) => void choose(event.target.value as Lang)}
        className="max-w-xs"
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {t.lang[l]}
          </option>
        ))}
      </Select>
    </Card>
  );
}

/** A login that is a member of several accounts picks the one this session shows. */
function AccountSwitcher({ me }: { me: Me }) {
  const { t } = useI18n();
  return (
    <Card title={t.team.switcher.label}>
      <AccountSwitch me={me} className="max-w-md" />
    </Card>
  );
}
