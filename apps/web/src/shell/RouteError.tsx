import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError, reloadForChunkError } from '../screens/lazy';

/** Last-resort error page: a chunk-load error reloads (spec §8); anything else shows a calm text. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadForChunkError();
  }, [chunk]);
  return (
    <main className="page page--center" role="alert">
      <h1>{t('notify.error.title')}</h1>
      <p>{chunk ? t('app.chunkReload') : t('notify.error.text')}</p>
      <p>
        <a href="/kk">{t('notFound.home')}</a>
      </p>
    </main>
  );
}
