import { NativeSelect, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { Diary as DiaryData, DiarySubject } from '@sabaq/platform';
import { displayDate } from '../shared/api';
import { useDiary } from './api';
import { diaryText } from './texts';
import '../shared/teaching.css';
import './diary.css';

type T = ReturnType<typeof diaryText>;

/** `18.11` of a school date (`YYYY-MM-DD`, already the school's day). */
function dayMonth(iso: string): string {
  return displayDate(iso).slice(0, 5);
}

const pct = (x: number | null) => (x === null ? '—' : `${x}%`);

/** diary: the pupil's own marks of a quarter by subject (issue 20). */
export default function Diary() {
  const t = diaryText();
  const [periodId, setPeriodId] = useState<number | null>(null);
  const d = useDiary(periodId);
  return (
    <section className="tch-page" aria-labelledby="diary-h">
      <Title order={1} id="diary-h">
        {t('title')}
      </Title>
      {d.error && <p role="alert">{d.error}</p>}
      {!d.data && !d.error && <p>{t('loading')}</p>}
      {d.data && <DiaryBody data={d.data} t={t} onPeriod={setPeriodId} />}
    </section>
  );
}

function DiaryBody({
  data,
  t,
  onPeriod,
}: {
  data: DiaryData;
  t: T;
  onPeriod: (id: number) => void;
}) {
  return (
    <>
      <NativeSelect
        label={t('period')}
        value={String(data.period.id)}
        onChange={(e) => onPeriod(Number(e.currentTarget.value))}
        data={data.periods.map((p) => ({
          value: String(p.id),
          label: `${p.name} (${dayMonth(p.startDate)}–${dayMonth(p.endDate)})${p.isCurrent ? ` · ${t('current')}` : ''}`,
        }))}
        w={{ base: '100%', sm: 360 }}
      />
      {data.subjects.length === 0 && <p className="tch-muted">{t('noSubjects')}</p>}
      <div className="dia-subjects">
        {data.subjects.map((s) => (
          <SubjectCard key={s.subject.id} s={s} t={t} />
        ))}
      </div>
    </>
  );
}

function SubjectCard({ s, t }: { s: DiarySubject; t: T }) {
  const id = `dia-${s.subject.id}`;
  const r = s.result;
  return (
    <article className="tch-day dia-subject" aria-labelledby={id}>
      <h2 id={id}>
        {s.subject.name}
        {s.subgroup && (
          <span className="tch-muted">
            {' '}
            · {t('subgroup')}: {s.subgroup.name}
          </span>
        )}
      </h2>
      <p className="dia-result">
        <strong>{t('result')}:</strong>{' '}
        {r.grade === null ? (
          <span className="tch-muted">{t('resultNone')}</span>
        ) : (
          <>
            <span className="dia-grade" aria-label={`${t('grade')} ${r.grade}`}>
              {r.grade}
            </span>{' '}
            ({pct(r.total)}) ·{' '}
            <span className="tch-muted">
              {t('resultParts', { f: pct(r.formative), sor: pct(r.sor), soch: pct(r.soch) })}
            </span>
          </>
        )}
      </p>
      <h3>{t('marks')}</h3>
      {s.marks.length === 0 ? (
        <p className="tch-muted">{t('noMarks')}</p>
      ) : (
        <ul className="dia-marks">
          {s.marks.map((m) => (
            <li key={m.lessonId}>
              <span className="dia-date">{dayMonth(m.date)}</span>{' '}
              {m.mark !== null && <strong className="dia-mark">{m.mark}</strong>}
              {m.absent && (
                <span className="dia-absent" title={t('absentLong')}>
                  <span aria-hidden>{t('absent')}</span>
                  <VisuallyHidden>{t('absentLong')}</VisuallyHidden>
                </span>
              )}
              {m.homework && <VisuallyHidden> {t('fromHomework')}</VisuallyHidden>}
              {m.homework && (
                <span className="dia-hw" aria-hidden title={t('fromHomework')}>
                  ⌂
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('assessments')}</h3>
      {s.assessments.length === 0 ? (
        <p className="tch-muted">{t('noAssessments')}</p>
      ) : (
        <ul className="dia-list">
          {s.assessments.map((a) => (
            <li key={a.id}>
              <span className="dia-date">{dayMonth(a.date)}</span> {t(a.kind)} · {a.title}:{' '}
              {a.points === null ? (
                <span className="tch-muted">{t('notMarked')}</span>
              ) : (
                <strong>
                  {a.points} / {a.maxPoints} {t('points')}
                </strong>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('homework')}</h3>
      {s.homework.length === 0 ? (
        <p className="tch-muted">{t('noHomework')}</p>
      ) : (
        <ul className="dia-list">
          {s.homework.map((h) => (
            <li key={h.answerId}>
              <span className="dia-date">{dayMonth(h.lessonDate)}</span>{' '}
              <strong className="dia-mark">{h.grade}</strong> {h.text.slice(0, 80)}
              {h.exerciseMax !== null && h.exerciseScore !== null && (
                <span className="tch-muted">
                  {' '}
                  · {t('exercise')}: {h.exerciseScore} / {h.exerciseMax} {t('points')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
