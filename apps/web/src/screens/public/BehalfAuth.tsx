import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { apiPath, type BehalfTarget } from '@sabaq/platform';
import { api, signInOnBehalf } from '../../app/services';
import { PageLoader } from '../../shell/PageLoader';

type State =
  | { step: 'loading' }
  | { step: 'confirm'; target: BehalfTarget }
  | { step: 'switching'; target: BehalfTarget }
  | { step: 'failed' };

/**
 * `/{lang}/behalf_auth?userId=N`: a director or zavuch opens a teacher's or pupil's session.
 * Opening the link changes nothing: the screen names whose session it would open and waits for
 * an explicit "yes"; only then the switch is sent (a POST with the bearer token, which another
 * website cannot make the browser send).
 */
export default function BehalfAuth() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const [search] = useSearchParams();
  const userId = Number(search.get('userId'));
  const valid = Number.isInteger(userId) && userId > 0;
  const [state, setState] = useState<State>(valid ? { step: 'loading' } : { step: 'failed' });

  useEffect(() => {
    if (!valid) return;
    let live = true;
    void api
      .get<{ data: BehalfTarget }>(apiPath('auth.behalfTarget', { userId }), { handle: 'silent' })
      .then((result) => {
        if (!live) return;
        setState(result.error ? { step: 'failed' } : { step: 'confirm', target: result.data.data });
      });
    return () => {
      live = false;
    };
  }, [userId, valid]);

  if (state.step === 'loading' || state.step === 'switching') return <PageLoader />;
  if (state.step === 'failed') {
    return (
      <section className="page page--center" aria-labelledby="behalf-title">
        <h1 id="behalf-title">{t('behalf.failed')}</h1>
        <p>
          <Link to={`/${lang}`}>{t('notFound.home')}</Link>
        </p>
      </section>
    );
  }
  const { target } = state;
  const name = [target.surname, target.firstname, target.lastname].filter(Boolean).join(' ');
  const role = t(target.role === 'student' ? 'behalf.role.student' : 'behalf.role.teacher');
  const confirm = () => {
    setState({ step: 'switching', target });
    void signInOnBehalf(target.userId).then((ok) => {
      if (!ok) setState({ step: 'failed' });
    });
  };
  return (
    <section className="page page--center" aria-labelledby="behalf-title">
      <h1 id="behalf-title">{t('behalf.title')}</h1>
      <p data-testid="behalf-question">
        {t('behalf.question', { name, role, group: target.group ? `, ${target.group}` : '' })}
      </p>
      <p>
        <button type="button" className="button" onClick={confirm}>
          {t('behalf.confirm')}
        </button>{' '}
        <Link to={`/${lang}`}>{t('behalf.cancel')}</Link>
      </p>
    </section>
  );
}
