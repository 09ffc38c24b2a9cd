import { useTranslation } from 'react-i18next';

/** The page shown inside the shell for a route whose screen a later issue builds. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="page page--center" aria-labelledby="coming-title">
      <h1 id="coming-title">{t('coming.title')}</h1>
      <p>{t('coming.text')}</p>
    </section>
  );
}
