import { useTranslation } from 'react-i18next';
import { useAppState } from '../session/store';

export function ServerWarning() {
  const down = useAppState((s) => s.serverUnavailable);
  const { t } = useTranslation();
  if (!down) return null;
  return (
    <div className="server-warning" role="alert">
      {t('shell.serverUnavailable')}
    </div>
  );
}
