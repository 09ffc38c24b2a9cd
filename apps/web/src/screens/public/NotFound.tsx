import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

export default function NotFound() {
  const { t } = useTranslation();
  const { lang } = useParams();
  return (
    <section className="page page--center" aria-labelledby="nf-title">
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to={`/${lang}`}>{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
