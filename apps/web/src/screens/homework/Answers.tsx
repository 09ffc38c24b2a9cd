import { Link, useParams } from 'react-router-dom';
import type { Answer, Homework } from '@sabaq/platform';
import { displayDateTime, path, urlLang, useLoad } from '../schedule/api';
import { teachingText } from '../schedule/texts';
import { HomeworkCard } from './shared';
import '../schedule/teaching.css';

/** homework/control/{homeworkId}: the homework and every student's answer. */
export default function Answers() {
  const t = teachingText();
  const lang = urlLang();
  const id = Number(useParams().homeworkId);
  const d = useLoad<{ homework: Homework; answers: Answer[] }>(
    path('homework.answers', { homeworkId: id }),
  );
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  return (
    <section className="tch-page" aria-labelledby="answers-h">
      <h1 id="answers-h">{t('answers')}</h1>
      <HomeworkCard h={d.data.homework} />
      <p>
        <Link to={`/${lang}/homework/control/${id}/preview`}>{t('preview')}</Link>
      </p>
      <table className="tch-table">
        <thead>
          <tr>
            <th scope="col">{t('student')}</th>
            <th scope="col">{t('kind')}</th>
            <th scope="col">{t('gradeLabel')}</th>
            <th scope="col">{t('date')}</th>
          </tr>
        </thead>
        <tbody>
          {d.data.answers.map((a) => (
            <tr key={a.id}>
              <td>
                {a.status === 'assigned' ? (
                  a.student.fullname
                ) : (
                  <Link to={`/${lang}/homework/control/assigned/${a.id}`}>
                    {a.student.fullname}
                  </Link>
                )}
              </td>
              <td>{t(`hw_${a.status}`)}</td>
              <td>{a.grade ?? ''}</td>
              <td>{a.sentAt ? displayDateTime(a.sentAt) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
