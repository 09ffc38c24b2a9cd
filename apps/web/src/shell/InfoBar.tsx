import { inGroup } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../session/store';

/**
 * School name, address and BIN (BIN for employees only) and the group name (spec §1); a
 * kindergarten's says «Балабақша / Детский сад» and «Топ / Группа» (issue 30).
 */
export function InfoBar() {
  const { t } = useTranslation();
  const user = useAppState((s) => s.user);
  if (!user || (!user.school && !user.group)) return null;
  const kindergarten = user.school?.kind === 'kindergarten';
  return (
    <dl className="info-bar">
      {user.school && (
        <>
          <div>
            <dt>{t(kindergarten ? 'shell.kindergarten' : 'shell.school')}</dt>
            <dd>{user.school.name}</dd>
          </div>
          <div>
            <dt>{t('shell.address')}</dt>
            <dd>{user.school.address}</dd>
          </div>
          {inGroup(user.role, 'employees') && (
            <div>
              <dt>{t('shell.bin')}</dt>
              <dd>{user.school.bin}</dd>
            </div>
          )}
        </>
      )}
      {user.group && (
        <div>
          <dt>{t(kindergarten ? 'shell.kindergartenGroup' : 'shell.group')}</dt>
          <dd>{user.group.name}</dd>
        </div>
      )}
    </dl>
  );
}
