import { useEffect, useState } from 'react';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import type { Job, RosterImportResult } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { download, failure, path } from '../shared/api';
import { fileBase64 } from './personnel-api';
import { rosterText } from './roster-texts';
import { XlsxImport } from './XlsxImport';
import type { ImportProgress } from './XlsxImport';
import { followJob } from './jobs-api';

export function exportRoster(fileName: string): Promise<void> {
  return download(path('roster.export'), fileName);
}

/** Uploads the roster; the import runs as a job, followed to its result (jobs-api.ts). */
export async function importRoster(
  file: Blob,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ApiResult<{ data: RosterImportResult }>> {
  const started = await api.post<{ data: Job }>(
    path('roster.import'),
    { xlsx: await fileBase64(file) },
    { handle: 'silent' },
  );
  return followJob<RosterImportResult>(started, (job) =>
    onProgress?.({ done: job.done, total: job.total }),
  );
}

/**
 * The `roster.passwords` job of a large import, followed on screen: how many of the new
 * accounts can sign in already, then that all of them can (or why not).
 */
export function PasswordsProgress({ jobId }: { jobId: number }) {
  const t = rosterText();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [end, setEnd] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    void (async () => {
      const read = await api.get<{ data: Job }>(path('jobs.get', { jobId }), { handle: 'silent' });
      const r = await followJob<unknown>(
        read,
        (job) => setProgress({ done: job.done, total: job.total }),
        700,
        stop.signal,
      );
      if (stop.signal.aborted) return;
      setEnd(r.error ? { ok: false, message: failure(r) } : { ok: true });
    })();
    return () => stop.abort();
  }, [jobId]);
  if (end?.ok) return <Alert color="green">{t('passwordsReady')}</Alert>;
  if (end) return <Alert color="red">{t('passwordsFailed', { message: end.message })}</Alert>;
  if (!progress) return null;
  const label = t('passwordsProgress', progress);
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        value={progress.total > 0 ? (100 * progress.done) / progress.total : 0}
        aria-label={label}
      />
    </Stack>
  );
}

/** "Export roster" / "Import roster" of backoffice/groups (director and zavuch). */
export function RosterActions({ onImported }: { onImported: () => void }) {
  const t = rosterText();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={18} stroke={1.75} aria-hidden />}
        onClick={() => void exportRoster(t('exportFile'))}
      >
        {t('export')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconUpload size={18} stroke={1.75} aria-hidden />}
        onClick={() => setImporting(true)}
      >
        {t('import')}
      </Button>
      {importing ? (
        <XlsxImport<RosterImportResult>
          texts={{
            title: t('importTitle'),
            help: t('importHelp'),
            file: t('file'),
            filePlaceholder: t('filePlaceholder'),
            clearFile: t('clearFile'),
            cancel: t('cancel'),
            run: t('run'),
            errors: t('errors'),
            close: t('close'),
            createdAccounts: t('createdAccounts'),
            name: t('name'),
            iin: t('iin'),
            password: t('password'),
            extra: t('className'),
            progress: t('progress'),
          }}
          upload={importRoster}
          done={(r) =>
            // A large import answers before its passwords are hashed (a roster.passwords job).
            [
              t('done', { created: r.created.length, moved: r.moved, unchanged: r.unchanged }),
              r.passwordsJobId ? t('passwordsLater') : '',
            ]
              .filter(Boolean)
              .join(' ')
          }
          created={(r) => r.created.map((c) => ({ ...c, extra: c.className }))}
          after={(r) => (r.passwordsJobId ? <PasswordsProgress jobId={r.passwordsJobId} /> : null)}
          onClose={() => setImporting(false)}
          onImported={onImported}
        />
      ) : null}
    </>
  );
}
