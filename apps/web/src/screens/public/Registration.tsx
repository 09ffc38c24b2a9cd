import { Field } from '../../shell/Field';
import {
  digitsOnly,
  isValidEmail,
  isValidIin,
  isValidName,
  message,
  passwordProblem,
  type UiLang,
} from '@sabaq/platform';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { fieldErrors } from '../../api/client';
import { API, api, navigate, notify } from '../../app/services';
import { useFields } from './useFields';
import { clearFormCaches } from '../../app/form-cache';

type Field = 'iin' | 'surname' | 'firstname' | 'email' | 'password' | 'password_confirmation';

/** IIN registration (spec §2 `registation`): the server sends a code to confirm. */
export default function Registration() {
  const { t, i18n } = useTranslation();
  const { lang } = useParams();
  const ui = i18n.language as UiLang;
  const form = useFields<Field>(
    {
      iin: '',
      surname: '',
      firstname: '',
      email: '',
      password: '',
      password_confirmation: '',
    },
    'registration',
  );
  const [busy, setBusy] = useState(false);

  const validate = (): Partial<Record<Field, string>> => {
    const v = form.values;
    const e: Partial<Record<Field, string>> = {};
    if (!isValidIin(v.iin)) e.iin = message('iin_invalid', ui);
    if (!isValidName(v.surname)) e.surname = message('name_invalid', ui);
    if (!isValidName(v.firstname)) e.firstname = message('name_invalid', ui);
    if (!isValidEmail(v.email)) e.email = message('email_invalid', ui);
    const problem = passwordProblem(v.password);
    if (problem) e.password = message(problem, ui);
    // The repeat is checked on its own: a weak password does not hide a mismatch.
    if (v.password_confirmation !== v.password)
      e.password_confirmation = message('password_mismatch', ui);
    // An empty field says so, not what characters it would take.
    for (const field of Object.keys(v) as Field[]) {
      if (v[field].trim() === '') e[field] = message('field_required', ui);
    }
    return e;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate();
    form.setErrors(problems);
    if (Object.keys(problems).length > 0) {
      notify({ kind: 'warning', message: t('notify.formInvalid') });
      return;
    }
    setBusy(true);
    const result = await api.post(API.register, form.values, { handle: 'form' });
    setBusy(false);
    if (result.error) {
      form.setErrors(fieldErrors(result));
      return;
    }
    clearFormCaches();
    navigate(`/${lang}/registation/confirm?iin=${encodeURIComponent(form.values.iin)}`);
  };

  return (
    <section className="page page--narrow" aria-labelledby="reg-title">
      <form onSubmit={submit} noValidate>
        <div className="form-stack">
          <h1 id="reg-title" className="form-title">
            {t('registration.title')}
          </h1>
          <Field
            label={t('registration.iin')}
            inputMode="numeric"
            maxLength={12}
            required
            {...form.bind('iin')}
            onChange={(e) => form.edit('iin', digitsOnly(e.currentTarget.value))}
          />
          <Field
            label={t('registration.surname')}
            autoComplete="family-name"
            required
            {...form.bind('surname')}
          />
          <Field
            label={t('registration.firstname')}
            autoComplete="given-name"
            required
            {...form.bind('firstname')}
          />
          <Field
            label={t('registration.email')}
            type="email"
            autoComplete="email"
            required
            {...form.bind('email')}
          />
          <Field
            type="password"
            label={t('registration.password')}
            description={t('password.rules')}
            autoComplete="new-password"
            required
            {...form.bind('password')}
          />
          <Field
            type="password"
            label={t('registration.passwordConfirm')}
            autoComplete="new-password"
            required
            {...form.bind('password_confirmation')}
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {t('registration.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
