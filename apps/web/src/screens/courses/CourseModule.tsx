import { Anchor, Button, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Answers, CourseModuleCheck, CourseModuleDetail } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { DraftRunner } from '../shared/DraftRunner';
import { checkModule, useCourseModule } from './api';
import { learnerPath } from './paths';
import { courseText, type CourseTexts } from './texts';
import '../shared/teaching.css';
import './courses.css';

/**
 * control/courses/list/{courseId}/module/{moduleId} (issue 28): one module of a course studied.
 * Opening the page records the opening on the server (a module without checks is then done);
 * a module with checks is answered here and scored on the server at the course's pass mark —
 * right and wrong are shown, the right answers are not (they would make the next try a copy).
 */
export default function CourseModule() {
  const t = courseText();
  const params = useParams();
  const courseId = Number(params.courseId);
  const loaded = useCourseModule(courseId, Number(params.moduleId));
  const module = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="module-h">
      <Title order={1} id="module-h">
        {module ? `${t('moduleN', { n: module.position })}. ${module.title}` : t('modules')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!module && !loaded.error && <p>{t('loading')}</p>}
      {module && <ModuleBody courseId={courseId} module={module} t={t} />}
      <Anchor component={Link} to={learnerPath(courseId)}>
        {t('backToCourse')}
      </Anchor>
    </section>
  );
}

function ModuleBody({
  courseId,
  module,
  t,
}: {
  courseId: number;
  module: CourseModuleDetail;
  t: CourseTexts;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<CourseModuleCheck | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const draft = module.content as unknown as Draft;
  const send = async () => {
    setSending(true);
    const outcome = await checkModule(courseId, module.id, answers);
    setSending(false);
    if (!outcome.ok) return setError(outcome.message);
    setError('');
    setResult(outcome.data.data);
    status.current?.focus();
  };
  const done = result?.done ?? module.done;
  if (module.checks === 0)
    return (
      <>
        <p role="status">{t('checksNone')}</p>
        <DraftRunner draft={draft} answers={{}} />
      </>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p>{t('checksRule', { n: module.checks, mark: module.passMark })}</p>
      {done && !result && <p>{t('moduleDone')}</p>}
      <DraftRunner
        draft={draft}
        answers={answers}
        onChange={(next) => {
          setAnswers(next);
          setResult(null);
        }}
        {...(result ? { results: result.results } : {})}
      />
      <p role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {result
          ? t(result.passed ? 'checkPassed' : 'checkFailed', {
              percent: result.percent,
              mark: result.passMark,
            })
          : ''}
      </p>
      {error && <p role="alert">{error}</p>}
      <Button type="submit" loading={sending}>
        {t('checkSend')}
      </Button>
    </form>
  );
}
