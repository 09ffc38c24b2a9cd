import { Field } from '../../shell/Field';
import { message, passwordProblem, type UiLang } from '@sabaq/platform';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../api/client';
import { API, api, navigate, notify } from '../../app/services';
import { useFields } from './useFields';

/** Reset with the token from the e-mailed link (`…/reset/{token}` or `?token=`). */
export default function ResetPassword() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const token = params.token ?? search.get('token') ?? '';
  const ui = i18n.language as UiLang;
  const form = useFields<'password' | 'password_confirmation'>({
    password: '',
    password_confirmation: '',
  });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(form.values.password);
    if (problem) return form.setErrors({ password: message(problem, ui) });
    if (form.values.password !== form.values.password_confirmation) {
      return form.setErrors({ password_confirmation: message('password_mismatch', ui) });
    }
    setBusy(true);
    const result = await api.post(API.reset, { token, ...form.values }, { handle: 'form' });
    setBusy(false);
    if (result.error) {
      form.setErrors(fieldErrors(result));
      return;
    }
    notify({ kind: 'success', message: t('reset.done') });
    navigate(`/${params.lang}/login`, { replace: true });
  };

  return (
    <section className="page page--narrow" aria-labelledby="reset-title">
      <form onSubmit={submit} noValidate>
        <div className="form-stack">
          <h1 id="reset-title" className="form-title">
            {t('reset.title')}
          </h1>
          {!token && (
            <div className="notice notice--error" role="alert">
              {t('reset.noToken')}
            </div>
          )}
          <Field
            type="password"
            label={t('password.new')}
            description={t('password.rules')}
            autoComplete="new-password"
            required
            {...form.bind('password')}
          />
          <Field
            type="password"
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            {...form.bind('password_confirmation')}
          />
          <button type="submit" className="button" disabled={busy || !token} aria-busy={busy}>
            {t('reset.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
