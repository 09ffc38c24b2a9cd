import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useAppState } from '../../session/store';
import type { UiMessageKey } from '@sabaq/platform';

const FEATURES: readonly UiMessageKey[] = [
  'landing.feature.schedule',
  'landing.feature.homework',
  'landing.feature.journal',
  'landing.feature.builder',
];

/** The main (landing) page. */
export default function Landing() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const user = useAppState((s) => s.user);
  return (
    <section className="page landing" aria-labelledby="landing-title">
      <h1 id="landing-title">{t('main.title')}</h1>
      <p className="landing__lead">{t('main.subtitle')}</p>
      <ul className="landing__features">
        {FEATURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {!user && (
        <p>
          <Link className="button" to={`/${lang}/login`}>
            {t('landing.cta')}
          </Link>
        </p>
      )}
    </section>
  );
}
