import { useId, useState } from 'react';
import { Button, Group, NumberInput, Textarea } from '@mantine/core';
import type { ExamAttempt } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure } from '../shared/api';
import { resultText } from '../shared/result-texts';
import './result.css';

/**
 * The teacher's override of a pupil's points (issue 20): points 0..max with a required comment;
 * the computed score stays beside it. The server checks the rights (the lesson's teacher, the
 * school's management) and the comment, and answers the attempt as it now is.
 */
export function ResultOverride({
  attempt,
  url,
  onSaved,
}: {
  attempt: ExamAttempt;
  url: string;
  onSaved: (attempt: ExamAttempt) => void;
}) {
  const t = resultText();
  const ids = { heading: useId(), comment: useId() };
  const current = attempt.override ?? null;
  const [points, setPoints] = useState<number | string>(current?.points ?? attempt.score ?? 0);
  const [comment, setComment] = useState(current?.comment ?? '');
  const [error, setError] = useState<{ points?: string; comment?: string; other?: string }>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const computed = current ? current.computedScore : attempt.score;

  const send = async (body: { points: number | null; comment: string }) => {
    setBusy(true);
    const r = await api.put<{ data: ExamAttempt }>(url, body, { handle: 'form' });
    setBusy(false);
    if (r.error) {
      const errors = r.data?.errors ?? {};
      setError({
        points: errors.points?.[0],
        comment: errors.comment?.[0],
        other: errors.points || errors.comment ? undefined : failure(r),
      });
      return;
    }
    setError({});
    setNotice(body.points === null ? t('removed') : t('saved'));
    if (body.points === null) setComment('');
    onSaved(r.data.data);
  };

  return (
    <section className="tch-override" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('overrideTitle')}</h2>
      <p>{t('computed', { score: computed ?? '—', max: attempt.maxScore })}</p>
      {current && (
        <p>
          <strong>{t('overridden', { points: current.points, max: attempt.maxScore })}</strong>
        </p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send({ points: typeof points === 'number' ? points : Number(points), comment });
        }}
      >
        <Group align="flex-start">
          <NumberInput
            label={t('points', { max: attempt.maxScore })}
            min={0}
            max={attempt.maxScore}
            step={0.5}
            decimalScale={1}
            value={points}
            onChange={setPoints}
            error={error.points}
            w={160}
          />
          <Textarea
            id={ids.comment}
            label={t('comment')}
            description={t('commentHint')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={error.comment}
            rows={3}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>
        <Group mt="sm">
          <Button type="submit" loading={busy}>
            {t('save')}
          </Button>
          {current && (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => void send({ points: null, comment: '' })}
            >
              {t('remove')}
            </Button>
          )}
        </Group>
      </form>
      {error.other && <p role="alert">{error.other}</p>}
      <p role="status" aria-live="polite">
        {notice}
      </p>
    </section>
  );
}

/** The teacher's comment on an overridden result, as the pupil reads it. */
export function OverrideComment({ comment }: { comment: string }) {
  const t = resultText();
  return (
    <div className="tch-override-comment">
      <strong>{t('teacherComment')}:</strong> {comment}
    </div>
  );
}
