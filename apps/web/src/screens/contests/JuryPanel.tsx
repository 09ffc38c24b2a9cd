import { Button, NumberInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ContestJury } from '@sabaq/platform';
import { publishContest, scoreEntry, useJury } from './api';
import type { ContestTexts } from './texts';

/**
 * The jury's panel (methodists): once entries close, a form per entry with points by criterion
 * and a comment, each juror's own score replacing their earlier one; the results are published
 * when every entry has a score.
 */
export function JuryPanel({
  contestId,
  onPublished,
  t,
}: {
  contestId: number;
  onPublished: () => Promise<void>;
  t: ContestTexts;
}) {
  const jury = useJury(contestId, true);
  const [status, setStatus] = useState('');
  const data = jury.data;
  if (!data) return jury.error ? <p role="alert">{jury.error}</p> : null;
  const publish = async () => {
    const result = await publishContest(contestId);
    if (result.ok) {
      setStatus(t('published'));
      jury.set(result.data.data);
      await onPublished();
    } else setStatus(result.message);
  };
  return (
    <section className="contest-block" aria-labelledby="jury-h">
      <h2 id="jury-h">{t('juryTitle')}</h2>
      {data.stage !== 'judging' && data.stage !== 'finished' && <p>{t('juryWait')}</p>}
      {data.stage === 'judging' &&
        data.entries.map((entry) => (
          <ScoreForm
            key={entry.id}
            contestId={contestId}
            entry={entry}
            criteria={data.criteria}
            onScored={jury.set}
            t={t}
          />
        ))}
      {data.stage === 'judging' && (
        <Button onClick={() => void publish()} disabled={!data.canPublish}>
          {t('publish')}
        </Button>
      )}
      <p role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

function ScoreForm({
  contestId,
  entry,
  criteria,
  onScored,
  t,
}: {
  contestId: number;
  entry: ContestJury['entries'][number];
  criteria: ContestJury['criteria'];
  onScored: (jury: ContestJury) => void;
  t: ContestTexts;
}) {
  const given = new Map(entry.mine?.criteria.map((c) => [c.id, c.points]) ?? []);
  const [points, setPoints] = useState<Record<string, number | ''>>(() =>
    Object.fromEntries(criteria.map((c) => [c.id, given.get(c.id) ?? ''])),
  );
  const [comment, setComment] = useState(entry.mine?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState('');
  const save = async () => {
    const result = await scoreEntry(contestId, entry.id, {
      criteria: criteria.map((c) => ({ id: c.id, points: Number(points[c.id] || 0) })),
      comment,
    });
    if (result.ok) {
      setErrors({});
      setStatus(t('scoreSaved'));
      onScored(result.data.data);
    } else {
      setErrors(result.errors);
      setStatus(result.message);
    }
  };
  return (
    <form
      className="contest-jury-entry"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3>
        {entry.title} — {entry.author}
      </h3>
      <div className="contest-points">
        {criteria.map((criterion) => (
          <NumberInput
            key={criterion.id}
            label={t('pointsFor', { entry: entry.title, criterion: criterion.name })}
            description={t('points', { max: criterion.max })}
            value={points[criterion.id]}
            min={0}
            max={criterion.max}
            allowDecimal={false}
            allowNegative={false}
            error={errors[`criteria.${criterion.id}`]?.[0]}
            onChange={(value) =>
              setPoints((old) => ({
                ...old,
                [criterion.id]: typeof value === 'number' ? value : '',
              }))
            }
          />
        ))}
      </div>
      <Textarea
        label={`${entry.title}: ${t('comment')}`}
        value={comment}
        maxLength={2000}
        rows={2}
        mt="sm"
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <p className="tch-muted">
        {entry.mine && t('myTotal', { total: entry.mine.total })}
        {entry.mine && ' · '}
        {t('jurors', { n: entry.jurors })}
      </p>
      <Button type="submit" variant="light">
        {t('saveScore')}
      </Button>{' '}
      <span role="status" aria-live="polite">
        {status}
      </span>
    </form>
  );
}
