import { useTranslation } from 'react-i18next';

export default function Agreement() {
  const { t } = useTranslation();
  return (
    <article className="page" aria-labelledby="agreement-title">
      <h1 id="agreement-title">{t('agreement.title')}</h1>
      <p>{t('agreement.p1')}</p>
      <p>{t('agreement.p2')}</p>
      <p>{t('agreement.p3')}</p>
    </article>
  );
}
