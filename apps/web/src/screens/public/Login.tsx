import { Field } from '../../shell/Field';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../api/client';
import { login } from '../../app/services';

/** Login by user name (IIN, e-mail or login) and password. */
export default function Login() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const [search] = useSearchParams();
  // An external sign-in that failed comes back here with `?oauth_error=…`.
  const oauthMessage = search.get('oauth_error') ? t('login.oauthError') : null;
  const [values, setValues] = useState({ login: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!values.login.trim()) missing.login = t('validation.required');
    if (!values.password) missing.password = t('validation.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0 || busy) return;
    setBusy(true);
    const result = await login({ login: values.login.trim(), password: values.password });
    setBusy(false);
    if (result.error) setErrors(fieldErrors(result));
  };

  const edit = (field: 'login' | 'password', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  return (
    <section className="page page--narrow" aria-labelledby="login-title">
      <form onSubmit={submit} noValidate>
        <div className="form-stack">
          <h1 id="login-title" className="form-title">
            {t('login.title')}
          </h1>
          {oauthMessage && (
            <div className="notice notice--error" role="alert">
              {oauthMessage}
            </div>
          )}
          <Field
            name="login"
            label={t('login.login')}
            autoComplete="username"
            value={values.login}
            onChange={(e) => edit('login', e.currentTarget.value)}
            error={errors.login || undefined}
            required
          />
          <Field
            type="password"
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => edit('password', e.currentTarget.value)}
            error={errors.password || undefined}
            required
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {t('login.submit')}
          </button>
          <Link className="form-link" to={`/${lang}/login/forgot`}>
            {t('login.forgot')}
          </Link>
          <Link className="form-link" to={`/${lang}/registation`}>
            {t('login.register')}
          </Link>
        </div>
      </form>
    </section>
  );
}
