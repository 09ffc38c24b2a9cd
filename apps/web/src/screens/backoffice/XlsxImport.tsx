import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { ApiResult } from '../../api/client';
import { notify } from '../../app/services';
import { failure } from '../shared/api';

/** The texts an import modal shows (each screen passes its own kz/ru). */
export interface XlsxImportTexts {
  title: string;
  help: string;
  file: string;
  filePlaceholder: string;
  clearFile: string;
  cancel: string;
  run: string;
  errors: string;
  close: string;
  createdAccounts: string;
  name: string;
  iin: string;
  password: string;
  /** Extra column of the new accounts' table (the roster's class), if any. */
  extra?: string;
  /** What a running import says with its counts ({done}, {total}), if it runs as a job. */
  progress?: string;
}

export interface CreatedAccount {
  iin: string;
  fullname: string;
  /** null: shown once already (an import's job keeps no password after it is read). */
  password: string | null;
  extra?: string;
}

/** How far an import's job is: done of total. */
export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Import of a backoffice list from .xlsx (staff, pupils' roster): every bad row is listed by
 * number (nothing was saved); after a good file the new accounts' one-time passwords are shown
 * once, and `done` says what changed.
 */
export function XlsxImport<R>({
  texts: t,
  upload,
  done,
  created,
  after,
  onClose,
  onImported,
}: {
  texts: XlsxImportTexts;
  upload: (
    file: File,
    onProgress: (progress: ImportProgress) => void,
  ) => Promise<ApiResult<{ data: R }>>;
  done: (result: R) => string;
  created: (result: R) => CreatedAccount[];
  /** What follows the result once it is in (e.g. the progress of work the import left to a job). */
  after?: (result: R) => ReactNode;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const run = async () => {
    if (!file) return;
    setBusy(true);
    setRows([]);
    setError(null);
    const r = await upload(file, setProgress);
    setBusy(false);
    setProgress(null);
    if (r.error) {
      const errors = r.data?.errors ?? {};
      const named = Object.entries(errors)
        .filter(([field]) => field.startsWith('rows.'))
        .sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5)))
        .flatMap(([, list]) => list);
      setRows(named);
      setError(named.length > 0 ? t.errors : failure(r));
      return;
    }
    setResult(r.data.data);
    notify({ kind: 'success', message: done(r.data.data) });
    onImported();
  };
  const accounts = result ? created(result) : [];

  return (
    <Modal opened onClose={onClose} title={t.title} size="lg">
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
        {!result && (
          <>
            <FileInput
              label={t.file}
              placeholder={t.filePlaceholder}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => {
                setFile(f);
                setRows([]);
                setError(null);
              }}
              clearable
              clearButtonProps={{ 'aria-label': t.clearFile }}
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
            {busy && progress && t.progress && (
              <Stack gap={4} role="status">
                <Text size="sm">
                  {t.progress
                    .replace('{done}', String(progress.done))
                    .replace('{total}', String(progress.total))}
                </Text>
                <Progress
                  value={progress.total > 0 ? (100 * progress.done) / progress.total : 0}
                  aria-label={t.progress
                    .replace('{done}', String(progress.done))
                    .replace('{total}', String(progress.total))}
                />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t.cancel}
              </Button>
              <Button onClick={() => void run()} disabled={!file} loading={busy}>
                {t.run}
              </Button>
            </Group>
          </>
        )}
        {result && (
          <>
            <Alert color="green" role="status">
              {done(result)}
            </Alert>
            {after?.(result)}
            {accounts.length > 0 && (
              <>
                <Text size="sm">{t.createdAccounts}</Text>
                <Table.ScrollContainer minWidth={420}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.name}</Table.Th>
                        <Table.Th>{t.iin}</Table.Th>
                        {t.extra ? <Table.Th>{t.extra}</Table.Th> : null}
                        <Table.Th>{t.password}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {accounts.map((c) => (
                        <Table.Tr key={c.iin}>
                          <Table.Td>{c.fullname}</Table.Td>
                          <Table.Td>{c.iin}</Table.Td>
                          {t.extra ? <Table.Td>{c.extra}</Table.Td> : null}
                          <Table.Td>
                            <code>{c.password ?? '—'}</code>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>{t.close}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
