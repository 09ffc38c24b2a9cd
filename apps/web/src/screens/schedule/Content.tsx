import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { Answers } from '@sabaq/platform';
import { path, useLoad } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { teachingText } from '../shared/teaching-texts';
import '../shared/teaching.css';

/** schedule/content/platform/{lessonType}/{lessonId}: published lesson content to work through. */
export default function Content() {
  const t = teachingText();
  const { lessonType, lessonId } = useParams();
  const c = useLoad<{ draft: Draft; version: number; maxScore: number }>(
    path('schedule.content', { lessonType: lessonType ?? '', lessonId: lessonId ?? '' }),
  );
  const [answers, setAnswers] = useState<Answers>({});
  if (c.error) return <p role="alert">{c.error}</p>;
  if (!c.data) return <p>{t('loading')}</p>;
  return (
    <section className="tch-page" aria-labelledby="content-h">
      <h1 id="content-h">{c.data.draft.title}</h1>
      <p className="tch-muted">
        {t('version')} {c.data.version}
        {c.data.draft.summary ? ` · ${c.data.draft.summary}` : ''}
      </p>
      <DraftRunner draft={c.data.draft} answers={answers} onChange={setAnswers} />
    </section>
  );
}
