import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { downloadAs } from '../shared/api';
import type { DevelopmentTexts } from './texts';

/** PDF and Excel of a card or a group summary (the file named by the server, in kz or ru). */
export function ExportButtons({
  url,
  name,
  t,
}: {
  /** The export's path without `format`. */
  url: string;
  name: string;
  t: DevelopmentTexts;
}) {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const get = async (format: 'pdf' | 'xlsx') => {
    setBusy(true);
    setStatus(t('exporting'));
    const joiner = url.includes('?') ? '&' : '?';
    const ok = await downloadAs(`${url}${joiner}format=${format}`, `${name}.${format}`);
    setBusy(false);
    setStatus(ok ? t('exportReady') : t('exportFailed'));
  };
  return (
    <div className="dev-exports" role="group" aria-label={t('exportTitle', { name })}>
      <Group gap={8}>
        <Button variant="default" disabled={busy} onClick={() => void get('pdf')}>
          {t('exportPdf')}
        </Button>
        <Button variant="default" disabled={busy} onClick={() => void get('xlsx')}>
          {t('exportXlsx')}
        </Button>
      </Group>
      <p className="dev-export-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
