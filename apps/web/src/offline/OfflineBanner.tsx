import { useEffect, useState } from 'react';
import { currentUiLang, notify } from '../app/services';
import { useAppState } from '../session/store';
import { displayDateTime } from '../screens/shared/api';
import { OFFLINE_TEXTS } from './offline-texts';
import { SYNCED_AT } from './read-cache';

// Once the link has dropped, its return is said too (the banner is gone by then).
window.addEventListener('online', () =>
  notify({ kind: 'success', message: OFFLINE_TEXTS[currentUiLang()].back }),
);

/**
 * Shown instead of the server warning while the browser has no network (issue 31): what the
 * screen shows is this device's copy, and as of when.
 */
export default function OfflineBanner() {
  const t = OFFLINE_TEXTS[currentUiLang()];
  const offline = useAppState((s) => s.offline);
  const waiting = useAppState((s) => s.outbox);
  const [syncedAt, setSyncedAt] = useState(() => localStorage.getItem(SYNCED_AT));
  useEffect(() => {
    const update = (event: StorageEvent) => {
      if (event.key === SYNCED_AT) setSyncedAt(event.newValue);
    };
    window.addEventListener('storage', update);
    return () => window.removeEventListener('storage', update);
  }, []);
  const count = waiting > 0 ? ` ${t.waiting.replace('{count}', String(waiting))}.` : '';
  if (!offline)
    // Online again with writes still going out.
    return (
      <div className="server-warning offline-banner" role="status" data-testid="offline-banner">
        {count.trim()}
      </div>
    );
  return (
    <div className="server-warning offline-banner" role="status" data-testid="offline-banner">
      <strong>{t.offline}</strong>{' '}
      {syncedAt
        ? `${t.kept} (${t.syncedAt.replace('{at}', displayDateTime(syncedAt))}).`
        : `${t.kept}.`}
      {count}
    </div>
  );
}
