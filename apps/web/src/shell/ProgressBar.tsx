import { useTranslation } from 'react-i18next';
import { useAppState } from '../session/store';

/** The top progress bar: visible while any API call is in flight (hidden at once on 5xx). */
export function ProgressBar() {
  const busy = useAppState((s) => s.pending > 0);
  const { t } = useTranslation();
  if (!busy) return null;
  return (
    <div className="progress-bar" role="progressbar" aria-label={t('app.loading')} aria-busy="true">
      <div className="progress-bar__run" />
    </div>
  );
}
