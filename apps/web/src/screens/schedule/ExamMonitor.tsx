import { Button, Group, Table, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ExamMonitor as Monitor } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, schoolDateTime, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';

/** How often the teacher's view asks again: «live» for a class sitting an exam. */
const REFRESH_MS = 5_000;

/**
 * The teacher's live view of a lesson's SOR/SOCh (issue 20): each pupil not started, working
 * (at the lesson or offline) or handed in, with the time they have; another attempt for one
 * pupil with a reason that is kept.
 */
export function ExamMonitor({ scheduleId }: { scheduleId: number }) {
  const t = teachingText();
  const url = path('schedule.examMonitor', { scheduleId });
  const m = useLoad<Monitor>(url);
  const { reload } = m;
  useEffect(() => {
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  if (!m.data) return m.error ? <p role="alert">{m.error}</p> : null;
  return (
    <section aria-labelledby="monitor-h" className="tch-monitor">
      <h2 id="monitor-h">{t('monitorTitle')}</h2>
      <Table.ScrollContainer minWidth={520} type="native">
        <table className="tch-table">
          <thead>
            <tr>
              <th scope="col">{t('student')}</th>
              <th scope="col">{t('monitorState')}</th>
              <th scope="col">{t('monitorConnection')}</th>
              <th scope="col">{t('monitorTime')}</th>
              <th scope="col">{t('retake')}</th>
            </tr>
          </thead>
          <tbody>
            {m.data.rows.map((row) => (
              <tr key={row.student.id}>
                <td>{row.student.fullname}</td>
                <td>{t(`sitting_${row.state}`)}</td>
                <td>
                  {row.state === 'inProgress' ? (row.online ? t('online') : t('pupilOffline')) : ''}
                </td>
                <td>{timeOf(row)}</td>
                <td>
                  {row.retakes.map((r) => (
                    <div key={r.grantedAt} className="tch-muted">
                      {t('retakeGranted', { reason: r.reason })}
                    </div>
                  ))}
                  {row.state === 'submitted' && (
                    <RetakeForm
                      scheduleId={scheduleId}
                      userId={row.student.id}
                      pupil={row.student.fullname}
                      onDone={reload}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Table.ScrollContainer>
    </section>
  );
}

function timeOf(row: Monitor['rows'][number]): string {
  const hm = (iso: string | null) => (iso ? schoolDateTime(iso).slice(11) : '');
  if (row.state === 'submitted') return hm(row.finishedAt);
  if (row.state === 'inProgress') return `${hm(row.startedAt)}–${hm(row.deadlineAt)}`;
  return '';
}

function RetakeForm({
  scheduleId,
  userId,
  pupil,
  onDone,
}: {
  scheduleId: number;
  userId: number;
  pupil: string;
  onDone: () => Promise<void>;
}) {
  const t = teachingText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    const r = await api.post(
      path('schedule.examRetake', { scheduleId }),
      { userId, reason },
      { handle: 'form' },
    );
    if (r.error) setError(failure(r));
    else {
      setReason('');
      setError(null);
      await onDone();
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          size="xs"
          label={t('retakeReason')}
          aria-label={`${t('retakeReason')}: ${pupil}`}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button size="xs" type="submit" variant="light" disabled={reason.trim().length < 3}>
          {t('retake')}
        </Button>
      </Group>
    </form>
  );
}
