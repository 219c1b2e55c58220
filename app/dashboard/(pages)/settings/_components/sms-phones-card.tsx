"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormError, Input } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useAddPhone, usePhones, useRemovePhone, useUpdatePhone, useVerifyPhone, type AccountPhone } from "@/lib/query/phones";
import { useMayUse } from "@/lib/query/role";
import { QueryList } from "../../_components/query-list";

const shown = (digits: string) => `+${digits}`;

/** « Numéros pour les SMS »: add a number (a code by SMS), verify it, its « payé » alert, remove it. Admins. */
export function SmsPhonesCard() {
  const { t } = useI18n();
  const words = t.team.settings.sms;
  const canEdit = useMayUse("account_phone_list");
  const phones = usePhones(canEdit);
  if (!canEdit) return null;
  const off = phones.data?.sms === "off";
  return (
    <Card title={words.title}>
      <p className="mb-4 text-sm text-stone-600">{words.intro}</p>
      {off && <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{words.off}</p>}
      <QueryList query={phones} items={phones.data?.data} loading={t.common.loading} rows={2} empty={<p className="text-sm text-stone-600">{words.empty}</p>}>
        {(list) => (
          <ul className="flex flex-col divide-y divide-stone-200">
            {list.map((phone) => (
              <PhoneRow key={phone.id} phone={phone} off={off} />
            ))}
          </ul>
        )}
      </QueryList>
      {!off && phones.data && <AddPhone />}
    </Card>
  );
}

function AddPhone() {
  const { t, fill } = useI18n();
  const words = t.team.settings.sms;
  const add = useAddPhone();
  const notify = useToast();
  const [number, setNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const phone = await add.mutateAsync({ phone_number: number });
      setNumber("");
      notify(phone.verified_at ? words.verified : fill(words.codeSent, { phone: shown(phone.phone_number) }));
    } catch (e) {
      setError(errorMessage(e, t));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <Field label={words.number} description={words.numberHint} error={error ?? undefined}>
          <Input type="tel" autoComplete="tel" inputMode="tel" value={number} onChange={(e) => setNumber(e.target.value)} />
        </Field>
      </div>
      <Button type="submit" loading={add.isPending} disabled={number.trim().length < 6}>
        {words.add}
      </Button>
    </form>
  );
}

function PhoneRow({ phone, off }: { phone: AccountPhone; off: boolean }) {
  const { t, fill } = useI18n();
  const words = t.team.settings.sms;
  const notify = useToast();
  const verify = useVerifyPhone();
  const update = useUpdatePhone();
  const remove = useRemovePhone();
  const resend = useAddPhone();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const label = shown(phone.phone_number);
  const act = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await run();
      notify(done);
    } catch (e) {
      setError(errorMessage(e, t));
    }
  };
  return (
    <li className="flex flex-col gap-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-stone-900 tabular-nums">{label}</p>
          <p className="text-sm text-stone-600">{phone.verified_at ? words.verified : words.pending}</p>
        </div>
        <div className="flex items-center gap-3">
          {phone.verified_at && (
            <span className="flex items-center gap-2 text-sm text-stone-700">
              {words.alerts}
              <Switch
                checked={phone.alerts}
                disabled={update.isPending}
                label={fill(words.alertsLabel, { phone: label })}
                onChange={(on) => void act(() => update.mutateAsync({ id: phone.id, alerts: on }), words.alertsSaved)}
              />
            </span>
          )}
          <Button variant="ghost" size="sm" aria-label={fill(words.removeLabel, { phone: label })} loading={remove.isPending} onClick={() => void act(() => remove.mutateAsync(phone.id), words.removed)}>
            {words.remove}
          </Button>
        </div>
      </div>
      {!phone.verified_at && !off && (
        <form
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => verify.mutateAsync({ id: phone.id, code: code.trim() }), words.verified);
          }}
        >
          <Field label={words.code} hideLabel error={undefined}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              aria-label={fill(words.codeLabel, { phone: label })}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              className="w-32 tabular-nums"
            />
          </Field>
          <Button type="submit" size="sm" loading={verify.isPending} disabled={code.length !== 6}>
            {words.verify}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={resend.isPending}
            onClick={() => void act(() => resend.mutateAsync({ phone_number: label }), fill(words.codeSent, { phone: label }))}
          >
            {words.resend}
          </Button>
        </form>
      )}
      <FormError>{error}</FormError>
    </li>
  );
}
