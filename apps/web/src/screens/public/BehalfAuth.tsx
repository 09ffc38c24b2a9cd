import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { signInOnBehalf } from '../../app/services';
import { PageLoader } from '../../shell/PageLoader';

/** `/{lang}/behalf_auth?userId=N`: a director or zavuch opens a teacher's or pupil's session. */
export default function BehalfAuth() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const [search] = useSearchParams();
  const userId = Number(search.get('userId'));
  const valid = Number.isInteger(userId) && userId > 0;
  const [failed, setFailed] = useState(!valid);
  const started = useRef(false);
  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    void signInOnBehalf(userId).then((ok) => setFailed(!ok));
  }, [userId, valid]);
  if (!failed) return <PageLoader />;
  return (
    <section className="page page--center" aria-labelledby="behalf-title">
      <h1 id="behalf-title">{t('behalf.failed')}</h1>
      <p>
        <Link to={`/${lang}`}>{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
