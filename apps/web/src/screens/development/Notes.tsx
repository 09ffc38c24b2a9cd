import { Button, NativeSelect, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ASSESSMENT_STAGES, type AssessmentStage, type DevelopmentCard } from '@sabaq/platform';
import { saveNote } from './api';
import { stageName } from './Parts';
import type { DevelopmentTexts } from './texts';

type Area = DevelopmentCard['areas'][number];

/**
 * An area's comment and development recommendation per stage: what is written, and for the
 * group's teacher a form for one stage at a time (both fields empty clears the stage's note).
 */
export function Notes({
  card,
  area,
  onCard,
  t,
}: {
  card: DevelopmentCard;
  area: Area;
  onCard: (card: DevelopmentCard) => void;
  t: DevelopmentTexts;
}) {
  const written = ASSESSMENT_STAGES.filter((stage) => area.notes[stage] !== null);
  return (
    <div className="dev-notes">
      <h3>{t('notes')}</h3>
      {written.length === 0 && !card.canEdit && <p className="tch-muted">{t('noNotes')}</p>}
      {written.length > 0 && (
        <dl>
          {written.map((stage) => (
            <div key={stage}>
              <dt>{stageName(stage)}</dt>
              {area.notes[stage]!.comment && (
                <dd>
                  {t('comment')}: {area.notes[stage]!.comment}
                </dd>
              )}
              {area.notes[stage]!.recommendation && (
                <dd>
                  {t('recommendation')}: {area.notes[stage]!.recommendation}
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
      {card.canEdit && <NoteForm card={card} area={area} onCard={onCard} t={t} />}
    </div>
  );
}

function NoteForm({
  card,
  area,
  onCard,
  t,
}: {
  card: DevelopmentCard;
  area: Area;
  onCard: (card: DevelopmentCard) => void;
  t: DevelopmentTexts;
}) {
  const [stage, setStage] = useState<AssessmentStage>('start');
  const [comment, setComment] = useState(area.notes.start?.comment ?? '');
  const [recommendation, setRecommendation] = useState(area.notes.start?.recommendation ?? '');
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const choose = (next: AssessmentStage) => {
    setStage(next);
    setComment(area.notes[next]?.comment ?? '');
    setRecommendation(area.notes[next]?.recommendation ?? '');
    setStatus('');
    setErrors({});
  };
  const save = async () => {
    setSaving(true);
    const result = await saveNote(card.child.id, {
      stage,
      area: area.area,
      comment,
      recommendation,
    });
    setSaving(false);
    if (result.ok) {
      setErrors({});
      setStatus(t('noteSaved'));
      onCard(result.card);
    } else {
      setErrors(result.errors);
      setStatus(t('saveFailed', { message: result.message }));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap={8} maw={640}>
        <NativeSelect
          label={t('noteStage')}
          value={stage}
          onChange={(event) => choose(event.currentTarget.value as AssessmentStage)}
          data={ASSESSMENT_STAGES.map((each) => ({ value: each, label: stageName(each) }))}
        />
        <Textarea
          label={`${area.title}: ${t('comment')}`}
          value={comment}
          maxLength={2000}
          rows={3}
          error={errors.comment?.[0]}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Textarea
          label={`${area.title}: ${t('recommendation')}`}
          value={recommendation}
          maxLength={2000}
          rows={3}
          error={errors.recommendation?.[0]}
          onChange={(event) => setRecommendation(event.currentTarget.value)}
        />
        <div>
          <Button type="submit" loading={saving} variant="light">
            {t('saveNote')}
          </Button>{' '}
          <span role="status" aria-live="polite">
            {status}
          </span>
        </div>
      </Stack>
    </form>
  );
}
