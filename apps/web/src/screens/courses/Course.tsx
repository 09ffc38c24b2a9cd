import { Anchor, Button, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CourseDetail } from '@sabaq/platform';
import { displayDate, urlLang } from '../shared/api';
import { downloadCertificate, enrol, useCourse } from './api';
import { FinalTest } from './FinalTest';
import { ModuleList } from './ModuleList';
import { courseText, type CourseTexts } from './texts';
import '../shared/teaching.css';
import './courses.css';

/**
 * control/courses/list/{courseId}: a professional-development course. The teacher enrols, marks
 * the modules studied, answers the final test (scored on the server) and, once passed,
 * downloads the certificate whose code anyone checks on certificate/{code}.
 */
export default function Course() {
  const t = courseText();
  const { courseId } = useParams();
  const loaded = useCourse(Number(courseId));
  const course = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="course-h">
      <Title order={1} id="course-h">
        {course?.title ?? t('listTitle')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!course && !loaded.error && <p>{t('loading')}</p>}
      {course && <CourseBody course={course} reload={loaded.reload} t={t} />}
      <Anchor component={Link} to={`/${urlLang()}/control/courses/list`}>
        {t('back')}
      </Anchor>
    </section>
  );
}

function CourseBody({
  course,
  reload,
  t,
}: {
  course: CourseDetail;
  reload: () => Promise<void>;
  t: CourseTexts;
}) {
  const [message, setMessage] = useState('');
  const join = async () => {
    const result = await enrol(course.id);
    setMessage(result.ok ? result.data.message : result.message);
    if (result.ok) await reload();
  };
  return (
    <>
      <p>{course.description}</p>
      <p className="tch-muted">{t('hours', { hours: course.hours })}</p>
      {course.canEnrol && (
        <Button onClick={() => void join()} mb="sm">
          {t('enrol')}
        </Button>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
      <ModuleList course={course} reload={reload} t={t} />
      {course.certificateInfo && (
        <Certificate courseId={course.id} info={course.certificateInfo} t={t} />
      )}
      {course.test && !course.certificateInfo && (
        <FinalTest course={course} test={course.test} reload={reload} t={t} />
      )}
    </>
  );
}

function Certificate({
  courseId,
  info,
  t,
}: {
  courseId: number;
  info: NonNullable<CourseDetail['certificateInfo']>;
  t: CourseTexts;
}) {
  return (
    <section className="course-block course-certificate" aria-labelledby="certificate-h">
      <h2 id="certificate-h">{t('certificate')}</h2>
      <p>{t('certificateCode', { code: info.code })}</p>
      <p>{t('certificateIssued', { date: displayDate(info.issuedOn) })}</p>
      <Button onClick={() => void downloadCertificate(courseId, info.code)} mr="md">
        {t('download')}
      </Button>
      <Anchor component={Link} to={`/${urlLang()}/certificate/${info.code}`}>
        {t('checkLink')}
      </Anchor>
    </section>
  );
}
