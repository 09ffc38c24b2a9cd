import { Field } from '../../shell/Field';
import { digitsOnly, isValidIin, message, type LoginResponse, type UiLang } from '@sabaq/platform';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../api/client';
import { API, api, notify, signIn } from '../../app/services';
import { useFields } from './useFields';

/** Registration confirm: the IIN (from the registration step) and the code from the e-mail. */
export default function RegistrationConfirm() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const ui = i18n.language as UiLang;
  const form = useFields<'iin' | 'code'>({ iin: search.get('iin') ?? '', code: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<'iin' | 'code', string>> = {};
    if (!isValidIin(form.values.iin)) problems.iin = message('iin_invalid', ui);
    if (!/^\d{6}$/.test(form.values.code)) problems.code = t('validation.code');
    form.setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const result = await api.post<LoginResponse>(API.registerConfirm, form.values, {
      handle: 'form',
    });
    setBusy(false);
    if (result.error) {
      form.setErrors(fieldErrors(result));
      return;
    }
    notify({ kind: 'success', message: t('registration.done') });
    // Confirming signs the new user in (the server answers as login does): on to their start page.
    await signIn(result.data.access_token, result.data.user);
  };

  return (
    <section className="page page--narrow" aria-labelledby="confirm-title">
      <form onSubmit={submit} noValidate>
        <div className="form-stack">
          <h1 id="confirm-title" className="form-title">
            {t('registration.confirmTitle')}
          </h1>
          <p>{t('registration.confirmHint')}</p>
          <Field
            label={t('registration.iin')}
            inputMode="numeric"
            maxLength={12}
            required
            {...form.bind('iin')}
            onChange={(e) => form.edit('iin', digitsOnly(e.currentTarget.value))}
          />
          <Field
            label={t('registration.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...form.bind('code')}
            onChange={(e) => form.edit('code', digitsOnly(e.currentTarget.value))}
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {t('registration.confirmSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}
