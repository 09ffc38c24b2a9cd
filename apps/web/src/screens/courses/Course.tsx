import { Anchor, Button, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Answers, CourseDetail, CourseTestInput, CourseTestResult } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { displayDate, urlLang } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { downloadCertificate, enrol, submitTest, useCourse } from './api';
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

function FinalTest({
  course,
  test,
  reload,
  t,
}: {
  course: CourseDetail;
  test: NonNullable<CourseDetail['test']>;
  reload: () => Promise<void>;
  t: CourseTexts;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [moduleAnswers, setModuleAnswers] = useState<Answers>({});
  const [result, setResult] = useState<CourseTestResult | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    const body: CourseTestInput =
      test.source === 'content'
        ? { answers: [], moduleAnswers }
        : { answers: Object.entries(answers).map(([question, option]) => ({ question, option })) };
    const outcome = await submitTest(course.id, body);
    setSending(false);
    if (!outcome.ok) return setError(outcome.message);
    setError('');
    setResult(outcome.data.data);
    if (outcome.data.data.passed) await reload();
  };
  const summary = result
    ? t(result.passed ? 'resultPassed' : 'resultFailed', {
        correct: result.correct,
        total: result.total,
        percent: result.percent,
        mark: result.passMark,
      })
    : '';
  return (
    <section className="course-block" aria-labelledby="test-h">
      <h2 id="test-h">{t('test')}</h2>
      <p>{t('testRule', { n: test.size, mark: course.passMark })}</p>
      {test.last && !result && <p>{t('lastAttempt', { percent: test.last.percent })}</p>}
      {!test.open ? (
        <p>{t('testClosed')}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {test.content && (
            <DraftRunner
              draft={test.content as unknown as Draft}
              answers={moduleAnswers}
              onChange={setModuleAnswers}
            />
          )}
          {test.questions.map((question, i) => (
            <fieldset key={question.id} className="course-question">
              <legend>
                {t('question', { n: i + 1 })}. {question.text}
              </legend>
              {question.options.map((option) => (
                <label key={option.id} className="course-option">
                  <input
                    type="radio"
                    name={`question-${question.id}`}
                    value={option.id}
                    checked={answers[question.id] === option.id}
                    onChange={() => setAnswers((a) => ({ ...a, [question.id]: option.id }))}
                  />{' '}
                  {option.text}
                </label>
              ))}
            </fieldset>
          ))}
          <Button type="submit" loading={sending}>
            {t('submit')}
          </Button>
        </form>
      )}
      <p role="status" aria-live="polite">
        {summary}
      </p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
