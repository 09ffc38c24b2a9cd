import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { runExport, type ExportId } from './exports';
import type { MonitoringTexts } from './texts';

/** The download buttons of a monitoring page, with one status line for what is happening. */
export function ExportButtons({
  exports,
  body,
  t,
}: {
  exports: readonly { id: ExportId; label: string }[];
  body: object;
  t: MonitoringTexts;
}) {
  const [busy, setBusy] = useState<ExportId | null>(null);
  const [status, setStatus] = useState('');
  const start = async (id: ExportId) => {
    setBusy(id);
    setStatus(t('exporting'));
    await runExport(id, body, (event) => {
      if (event.kind === 'progress')
        setStatus(
          event.total > 0
            ? t('exportProgress', { done: event.done, total: event.total })
            : t('exporting'),
        );
      else if (event.kind === 'ready') setStatus(t('exportReady', { name: event.name }));
      else setStatus(t('exportFailed', { message: event.message }));
    });
    setBusy(null);
  };
  return (
    <div className="mon-exports" role="group" aria-label={t('exportTitle')}>
      <Group gap={8}>
        {exports.map((each) => (
          <Button
            key={each.id}
            variant="default"
            loading={busy === each.id}
            disabled={busy !== null && busy !== each.id}
            onClick={() => void start(each.id)}
          >
            {each.label}
          </Button>
        ))}
      </Group>
      <p className="mon-save" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
