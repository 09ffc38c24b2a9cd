import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import type { StaffImportResult } from '@sabaq/platform';
import { notify } from '../../app/services';
import { failure } from '../shared/api';
import { importStaff } from './personnel-api';
import { personnelText } from './personnel-texts';

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
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StaffImportResult | null>(null);

  const run = async () => {
    if (!file) return;
    setBusy(true);
    setRows([]);
    setError(null);
    const r = await importStaff(file);
    setBusy(false);
    if (r.error) {
      const errors = r.data?.errors ?? {};
      const named = Object.entries(errors)
        .filter(([field]) => field.startsWith('rows.'))
        .sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5)))
        .flatMap(([, list]) => list);
      setRows(named);
      setError(named.length > 0 ? t('importErrors') : failure(r));
      return;
    }
    setResult(r.data.data);
    notify({
      kind: 'success',
      message: t('importDone', {
        created: r.data.data.created.length,
        updated: r.data.data.updated,
      }),
    });
    onImported();
  };

  return (
    <Modal opened onClose={onClose} title={t('importTitle')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('importHelp')}</Text>
        {!result && (
          <>
            <FileInput
              label={t('file')}
              placeholder={t('filePlaceholder')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => {
                setFile(f);
                setRows([]);
                setError(null);
              }}
              clearable
              clearButtonProps={{ 'aria-label': t('clearFile') }}
            />
            {error && (
              <Alert color="red" role="alert" title={error}>
                {rows.length > 0 && (
                  <List size="sm" data-testid="import-errors">
                    {rows.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button onClick={() => void run()} disabled={!file} loading={busy}>
                {t('importRun')}
              </Button>
            </Group>
          </>
        )}
        {result && (
          <>
            <Alert color="green" role="status">
              {t('importDone', { created: result.created.length, updated: result.updated })}
            </Alert>
            {result.created.length > 0 && (
              <>
                <Text size="sm">{t('createdAccounts')}</Text>
                <Table.ScrollContainer minWidth={420}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('name')}</Table.Th>
                        <Table.Th>{t('iin')}</Table.Th>
                        <Table.Th>{t('password')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.created.map((c) => (
                        <Table.Tr key={c.iin}>
                          <Table.Td>{c.fullname}</Table.Td>
                          <Table.Td>{c.iin}</Table.Td>
                          <Table.Td>
                            <code>{c.password}</code>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('close')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
