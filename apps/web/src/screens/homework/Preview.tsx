import { useParams } from 'react-router-dom';
import type { Homework } from '@sabaq/platform';
import { path, useLoad } from '../schedule/api';
import { teachingText } from '../schedule/texts';
import { HomeworkCard } from './shared';
import '../schedule/teaching.css';

/** homework/control/{homeworkId}/preview: the homework as students see it (staff and students). */
export default function Preview() {
  const t = teachingText();
  const id = Number(useParams().homeworkId);
  const d = useLoad<Homework>(path('homework.preview', { homeworkId: id }));
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  return (
    <section className="tch-page" aria-labelledby="preview-h">
      <h1 id="preview-h">{t('homework')}</h1>
      <HomeworkCard h={d.data} />
    </section>
  );
}
