import { Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import type { Homework } from '@sabaq/platform';
import { path, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { HomeworkCard } from './shared';
import '../shared/teaching.css';

/** homework/control/{homeworkId}/preview: the homework as students see it (staff and students). */
export default function Preview() {
  const t = teachingText();
  const id = Number(useParams().homeworkId);
  const d = useLoad<Homework>(path('homework.preview', { homeworkId: id }));
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  return (
    <section className="tch-page" aria-labelledby="preview-h">
      <Title order={1} id="preview-h">
        {t('homework')}
      </Title>
      <HomeworkCard h={d.data} />
    </section>
  );
}
