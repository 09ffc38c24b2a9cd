import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../session/store';

// Issue 31: its code comes when the link first drops, not with the first visit.
const OfflineBanner = lazy(() => import('../offline/OfflineBanner'));

export function ServerWarning() {
  const down = useAppState((s) => s.serverUnavailable);
  const offline = useAppState((s) => s.offline || s.outbox > 0);
  const { t } = useTranslation();
  if (offline)
    return (
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
    );
  if (!down) return null;
  return (
    <div className="server-warning" role="alert">
      {t('shell.serverUnavailable')}
    </div>
  );
}
