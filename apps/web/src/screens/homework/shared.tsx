import type { Homework, HomeworkRow } from '@sabaq/platform';
import { Link } from 'react-router-dom';
import { displayDate, displayDateTime } from '../shared/api';
import { FileList } from '../shared/files';
import { teachingText } from '../shared/teaching-texts';

export function HomeworkCard({ h }: { h: Homework }) {
  const t = teachingText();
  return (
    <article className="tch-day">
      <h2>
        {h.subject.name} · {h.group.name} · {displayDate(h.lessonDate)}
      </h2>
      {h.theme && (
        <p className="tch-muted">
          {t('theme')}: {h.theme}
        </p>
      )}
      <p style={{ whiteSpace: 'pre-wrap' }}>{h.text}</p>
      <FileList files={h.files} />
      {h.exercise && (
        <p>
          {/* The form's «(optional)» is the teacher's choice; here it is simply part of the work. */}
          {t('exerciseAttached')}: <strong>{h.exercise.title}</strong>
        </p>
      )}
      <p>
        <strong>{t('deadline')}:</strong> {displayDateTime(h.deadline)} · {h.teacher.fullname}
      </p>
    </article>
  );
}

/** The deadline day of a row: `dateExpired` is that day's end in Kazakhstan time (UTC+5). */
function kzDay(unix: number): string {
  return displayDate(new Date(unix * 1000).toISOString());
}

/** Spec §3 rows: grouped by deadline day (dateExpired, unix seconds). */
export function Rows({
  rows,
  link,
  staff,
}: {
  rows: HomeworkRow[];
  link: (item: HomeworkRow['items'][number]) => string;
  staff: boolean;
}) {
  const t = teachingText();
  if (rows.length === 0) return <p className="tch-muted">{t('noHomework')}</p>;
  return (
    <>
      {rows.map((r) => (
        <section
          key={r.dateExpired}
          className="tch-day"
          aria-label={`${t('deadline')} ${kzDay(r.dateExpired)}`}
        >
          <h2>
            {t('deadline')}: {kzDay(r.dateExpired)}
          </h2>
          <ul className="tch-rows">
            {r.items.map((i) => (
              <li key={i.id}>
                <Link to={link(i)}>
                  {i.theme.subject} · {i.group} · {i.date.label}
                </Link>{' '}
                <span className="tch-muted">{i.text.slice(0, 80)}</span>{' '}
                {staff ? (
                  <span>
                    {t('sentAnswers')}: {i.assigned.sentAnswers} · {t('hw_checked')}:{' '}
                    {i.assigned.checked}/{i.assigned.total}
                  </span>
                ) : (
                  <span>
                    {i.status ? t(`hw_${i.status}`) : ''}
                    {i.grade !== null ? ` · ${t('yourGrade')}: ${i.grade}` : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
