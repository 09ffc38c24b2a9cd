import type { StaffImportResult } from '@sabaq/platform';
import { importStaff } from './personnel-api';
import { personnelText } from './personnel-texts';
import { XlsxImport } from './XlsxImport';

/**
 * Import of the staff list from .xlsx: every bad row is listed by number (nothing was saved);
 * after a good file the new accounts' default passwords are shown once.
 */
export function PersonnelImport({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) {
  const t = personnelText();
  return (
    <XlsxImport<StaffImportResult>
      texts={{
        title: t('importTitle'),
        help: t('importHelp'),
        file: t('file'),
        filePlaceholder: t('filePlaceholder'),
        clearFile: t('clearFile'),
        cancel: t('cancel'),
        run: t('importRun'),
        errors: t('importErrors'),
        close: t('close'),
        createdAccounts: t('createdAccounts'),
        name: t('name'),
        iin: t('iin'),
        password: t('password'),
        progress: t('importProgress'),
      }}
      upload={importStaff}
      done={(r) => t('importDone', { created: r.created.length, updated: r.updated })}
      created={(r) => r.created}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
