import { Button, Group, NumberInput, Stack, Textarea, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { Answer, Homework } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, urlLang, useLoad } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { teachingText } from '../shared/teaching-texts';
import { FileList } from '../shared/files';
import { HomeworkCard } from './shared';
import '../shared/teaching.css';

type Data = { homework: Homework; answer: Answer; exercise: Draft | null };

/** homework/control/assigned/{answerId}: check, grade, comment, or return for rework. */
export default function ControlAnswer() {
  const t = teachingText();
  const lang = urlLang();
  const id = Number(useParams().answerId);
  const url = path('homework.check', { answerId: id });
  const d = useLoad<Data>(path('homework.controlAnswer', { answerId: id }));
  const [grade, setGrade] = useState('');
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  const a = d.data.answer;
  const act = async (body: object) => {
    const r = await api.put<{ data: Data }>(url, body, { handle: 'form' });
    if (r.error) setMessage(failure(r));
    else {
      setMessage(t('saved'));
      d.set(r.data.data);
    }
  };
  return (
    <section className="tch-page" aria-labelledby="check-h">
      <Title order={1} id="check-h">
        {a.student.fullname} — {t(`hw_${a.status}`)}
      </Title>
      <p>
        <Link to={`/${lang}/homework/control/${a.homeworkId}`} className="tch-icon-text">
          <IconArrowLeft size={16} stroke={1.75} aria-hidden /> {t('answers')}
        </Link>
      </p>
      <HomeworkCard h={d.data.homework} />
      <article className="tch-day">
        <h2>{t('answer')}</h2>
        <p style={{ whiteSpace: 'pre-wrap' }}>{a.text}</p>
        <FileList files={a.files} />
        {d.data.exercise && a.exerciseAnswers && (
          <>
            <p>
              {t('exerciseAttached')}: {a.exerciseScore} / {a.exerciseMax}
            </p>
            <DraftRunner
              draft={d.data.exercise}
              answers={a.exerciseAnswers}
              results={a.exerciseResults}
              answersOf="pupil"
              onGrade={
                a.status === 'sent' || a.status === 'checked'
                  ? (moduleId, points) =>
                      void act({ action: 'score', grades: [{ moduleId, points }] })
                  : undefined
              }
            />
          </>
        )}
        {a.grade !== null && (
          <p>
            {t('yourGrade')}: <strong>{a.grade}</strong>
          </p>
        )}
        {a.comment && (
          <p>
            {t('teacherComment')}: {a.comment}
          </p>
        )}
      </article>
      {(a.status === 'sent' || a.status === 'checked') && (
        <form
          className="tch-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act({ action: 'check', grade: Number(grade), comment });
          }}
        >
          <Stack gap="md">
            <NumberInput
              label={t('gradeLabel')}
              min={1}
              max={10}
              allowDecimal={false}
              required
              value={grade}
              onChange={(v) => setGrade(String(v))}
              w={{ base: '100%', sm: 160 }}
            />
            <Textarea
              label={t('teacherComment')}
              autosize
              minRows={3}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <Group gap="sm" wrap="wrap">
              <Button type="submit">{t('check')}</Button>
              {a.status === 'sent' && (
                <Button
                  type="button"
                  variant="default"
                  onClick={() => void act({ action: 'return', comment })}
                >
                  {t('returnRework')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
