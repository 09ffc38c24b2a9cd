import { Anchor, Table, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { CourseDetail } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { useCourse, usePupils } from './api';
import { ModuleList } from './ModuleList';
import { courseText, type CourseTexts } from './texts';
import '../shared/teaching.css';
import './courses.css';

/**
 * correction_work/{courseId}: a correction-and-development course. A pupil (or a guest, an
 * individual) marks the modules done; a teacher or group lead also reads their pupils' progress.
 */
export default function CorrectionCourse() {
  const t = courseText();
  const { courseId } = useParams();
  const loaded = useCourse(Number(courseId));
  const course = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="correction-h">
      <Title order={1} id="correction-h">
        {course?.title ?? t('correctionTitle')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!course && !loaded.error && <p>{t('loading')}</p>}
      {course && (
        <>
          <p>{course.description}</p>
          <p className="tch-muted">{t('hours', { hours: course.hours })}</p>
          <ModuleList course={course} reload={loaded.reload} t={t} />
          {course.canTrack && <Pupils course={course} t={t} />}
        </>
      )}
      <Anchor component={Link} to={`/${urlLang()}/correction_work`}>
        {t('backCorrection')}
      </Anchor>
    </section>
  );
}

function Pupils({ course, t }: { course: CourseDetail; t: CourseTexts }) {
  const loaded = usePupils(course.id, true);
  const table = loaded.data;
  return (
    <section className="course-block" aria-labelledby="pupils-h">
      <h2 id="pupils-h">{t('pupils')}</h2>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!table && !loaded.error && <p>{t('loading')}</p>}
      {table && table.pupils.length === 0 && <p>{t('noPupils')}</p>}
      {table && table.pupils.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-labelledby="pupils-h" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('pupil')}</Table.Th>
                <Table.Th scope="col">{t('group')}</Table.Th>
                {table.modules.map((module, i) => (
                  <Table.Th scope="col" key={module.id} title={module.title}>
                    {t('moduleN', { n: i + 1 })}
                  </Table.Th>
                ))}
                <Table.Th scope="col">{t('total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.pupils.map((pupil) => (
                <Table.Tr key={pupil.id}>
                  <Table.Th scope="row">{pupil.name}</Table.Th>
                  <Table.Td>{pupil.group}</Table.Td>
                  {table.modules.map((module) => {
                    const done = pupil.done.includes(module.id);
                    return (
                      <Table.Td
                        key={module.id}
                        aria-label={done ? t('doneMark') : t('notDoneMark')}
                      >
                        {done ? '✓' : '—'}
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    {pupil.done.length} / {table.modules.length}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
