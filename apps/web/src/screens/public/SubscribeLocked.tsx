import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

/** Spec §8 423: the subscription is locked. */
export default function SubscribeLocked() {
  const { t } = useTranslation();
  const { lang } = useParams();
  return (
    <section className="page page--center" aria-labelledby="locked-title">
      <h1 id="locked-title">{t('locked.title')}</h1>
      <p>{t('locked.text')}</p>
      <p>
        <Link className="button" to={`/${lang}/tariffs`}>
          {t('locked.tariffs')}
        </Link>
      </p>
    </section>
  );
}
