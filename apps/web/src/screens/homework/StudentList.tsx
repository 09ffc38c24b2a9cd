import { Title } from '@mantine/core';
import type { HomeworkRow } from '@sabaq/platform';
import { path, urlLang, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { Rows } from './shared';
import '../shared/teaching.css';

/** homework/list: the student's homework rows (spec §3). */
export default function StudentList() {
  const t = teachingText();
  const lang = urlLang();
  const d = useLoad<{ rows: HomeworkRow[] }>(path('homework.list'));
  return (
    <section className="tch-page" aria-labelledby="my-hw-h">
      <Title order={1} id="my-hw-h">
        {t('homework')}
      </Title>
      {d.error && <p role="alert">{d.error}</p>}
      {d.data ? (
        <Rows
          rows={d.data.rows}
          staff={false}
          link={(i) => `/${lang}/homework/list/assigned/${i.assigned.answerId}`}
        />
      ) : (
        !d.error && <p>{t('loading')}</p>
      )}
    </section>
  );
}
