import { Field } from '../../shell/Field';
import { isValidEmail, message, type UiLang } from '@sabaq/platform';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { fieldErrors } from '../../api/client';
import { API, api } from '../../app/services';
import { useFields } from './useFields';

export default function ForgotPassword() {
  const { t, i18n } = useTranslation();
  const { lang } = useParams();
  const form = useFields<'email'>({ email: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(form.values.email.trim())) {
      form.setErrors({ email: message('email_invalid', i18n.language as UiLang) });
      return;
    }
    setBusy(true);
    const result = await api.post(
      API.forgot,
      { email: form.values.email.trim() },
      { handle: 'form' },
    );
    setBusy(false);
    if (result.error) form.setErrors(fieldErrors(result));
    else setSent(true);
  };

  return (
    <section className="page page--narrow" aria-labelledby="forgot-title">
      <form onSubmit={submit} noValidate>
        <div className="form-stack">
          <h1 id="forgot-title" className="form-title">
            {t('forgot.title')}
          </h1>
          <p>{t('forgot.hint')}</p>
          {sent && (
            <div className="notice notice--success" role="status">
              {t('forgot.sent')}
            </div>
          )}
          <Field
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            required
            {...form.bind('email')}
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {t('forgot.submit')}
          </button>
          <Link className="form-link" to={`/${lang}/login`}>
            {t('forgot.back')}
          </Link>
        </div>
      </form>
    </section>
  );
}
