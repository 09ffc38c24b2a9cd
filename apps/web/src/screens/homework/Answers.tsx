import { Table, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { Answer, Homework } from '@sabaq/platform';
import { displayDateTime, path, urlLang, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { HomeworkCard } from './shared';
import '../shared/teaching.css';

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
      <Title order={1} id="answers-h">
        {t('answers')}
      </Title>
      <HomeworkCard h={d.data.homework} />
      <p>
        <Link to={`/${lang}/homework/control/${id}/preview`}>{t('preview')}</Link>
      </p>
      <Table.ScrollContainer minWidth={520} type="native">
        <Table striped withTableBorder aria-labelledby="answers-h">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('student')}</Table.Th>
              <Table.Th scope="col">{t('kind')}</Table.Th>
              <Table.Th scope="col">{t('gradeLabel')}</Table.Th>
              <Table.Th scope="col">{t('date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.data.answers.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  {a.status === 'assigned' ? (
                    a.student.fullname
                  ) : (
                    <Link to={`/${lang}/homework/control/assigned/${a.id}`}>
                      {a.student.fullname}
                    </Link>
                  )}
                </Table.Td>
                <Table.Td>{t(`hw_${a.status}`)}</Table.Td>
                <Table.Td>{a.grade ?? ''}</Table.Td>
                <Table.Td>{a.sentAt ? displayDateTime(a.sentAt) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
