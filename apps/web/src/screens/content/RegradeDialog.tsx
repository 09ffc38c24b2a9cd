import { useEffect, useId, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { Dialog, KitProvider } from '@sabaq/editor';
import type { RegradePreview, RegradeRow } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path } from '../shared/api';
import { resultText } from '../shared/result-texts';
import './regrade.css';

/**
 * Asked after a draft is republished (issue 20): when pupils handed in an older version of it on
 * lessons of the school, the dialog lists per attempt the old points and the points against the
 * new version, and the publisher re-grades them (old results are kept on the server) or leaves
 * them on their version. With nothing to re-grade it shows nothing.
 */
export function RegradeDialog({
  draftId,
  onDone,
}: {
  draftId: string;
  /** Closed: after a re-grade with the count, declined or nothing to ask with null. */
  onDone: (regraded: number | null) => void;
}) {
  const t = resultText();
  const caption = useId();
  const [preview, setPreview] = useState<RegradePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = path('drafts.regradePreview', { id: draftId });

  useEffect(() => {
    let live = true;
    void api.get<{ data: RegradePreview }>(url, { handle: 'silent' }).then((r) => {
      if (!live) return;
      // Not the publisher's to re-grade, or nothing older: nothing to ask.
      if (r.error || r.data.data.rows.length === 0) onDone(null);
      else setPreview(r.data.data);
    });
    return () => {
      live = false;
    };
  }, [url, onDone]);

  if (!preview) return null;

  const confirm = async () => {
    setBusy(true);
    const r = await api.post<{ data: { regraded: number } }>(
      path('drafts.regrade', { id: draftId }),
      { version: preview.version },
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) setError(failure(r));
    else onDone(r.data.data.regraded);
  };

  const finalOf = (row: RegradeRow) =>
    row.override !== null
      ? t('keptOverride', { points: row.override })
      : row.changed
        ? `${row.newScore} / ${row.newMaxScore}`
        : t('unchanged');

  return (
    <KitProvider>
      <Dialog
        open
        title={t('regradeTitle')}
        onClose={() => onDone(null)}
        footer={
          <Group>
            <Button variant="default" onClick={() => onDone(null)} disabled={busy}>
              {t('decline')}
            </Button>
            <Button onClick={() => void confirm()} loading={busy}>
              {t('confirm')}
            </Button>
          </Group>
        }
      >
        <p id={caption}>{t('regradeIntro', { title: preview.title, version: preview.version })}</p>
        {error && <p role="alert">{error}</p>}
        <table className="tch-regrade" aria-labelledby={caption}>
          <thead>
            <tr>
              <th scope="col">{t('pupil')}</th>
              <th scope="col">{t('lesson')}</th>
              <th scope="col">{t('oldPoints')}</th>
              <th scope="col">{t('newPoints')}</th>
              <th scope="col">{t('final')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.attemptId} data-changed={row.changed || undefined}>
                <th scope="row">{row.student.fullname}</th>
                <td>
                  {row.groupName}, {row.lessonDate}
                </td>
                <td>
                  {row.oldScore} / {row.oldMaxScore}
                </td>
                <td>
                  {row.newScore} / {row.newMaxScore}
                  {row.pending ? ` · ${t('pending')}` : ''}
                </td>
                <td>{finalOf(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Dialog>
    </KitProvider>
  );
}
