import { Badge, Button } from '@mantine/core';
import { useRef, useState } from 'react';
import type {
  Answers,
  CourseDetail,
  CourseReview,
  CourseTestInput,
  CourseTestResult,
} from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { DraftRunner } from '../shared/DraftRunner';
import { displayDateTime } from '../shared/api';
import { submitTest } from './api';
import type { CourseTexts } from './texts';

/**
 * A course's final test: the questions (or the builder's tasks) without their answers; after
 * handing in, the server's score and, question by question, what was right and — for the rest —
 * the right answer and the explanation. A failed test is taken again from a clean sheet.
 */
export function FinalTest({
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
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The review of this visit's attempt, else of the last one (both after handing in).
  const review = retrying ? null : ((result ? result.review : test.last?.review) ?? null);
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
    setRetrying(false);
    if (outcome.data.data.passed) await reload();
  };
  const retry = () => {
    setAnswers({});
    setModuleAnswers({});
    setResult(null);
    setRetrying(true);
    heading.current?.focus();
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
      <h2 id="test-h" ref={heading} tabIndex={-1}>
        {t('test')}
      </h2>
      <p>{t('testRule', { n: test.size, mark: course.passMark })}</p>
      {test.last && !result && <p>{t('lastAttempt', { percent: test.last.percent })}</p>}
      <p role="status" aria-live="polite">
        {summary}
      </p>
      {error && <p role="alert">{error}</p>}
      {!test.open ? (
        <p>
          {test.opensAt && course.done >= course.modules
            ? t('minTime', { minutes: course.minMinutes, at: displayDateTime(test.opensAt) })
            : t('testClosed')}
        </p>
      ) : review && !result?.passed ? (
        <>
          <TestReview review={review} t={t} />
          <Button onClick={retry}>{t('retry')}</Button>
        </>
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
    </section>
  );
}

/** Question by question: right or not, the answer given and, where wrong, the right one. */
function TestReview({ review, t }: { review: CourseReview; t: CourseTexts }) {
  return (
    <section className="course-review" aria-labelledby="review-h">
      <h3 id="review-h">{t('reviewTitle')}</h3>
      {review.keysHidden && (
        <p data-testid="keys-hidden">
          {t(review.keysHidden === 'inUse' ? 'keysInUse' : 'keysOtherSchool')}
        </p>
      )}
      {review.content && (
        <DraftRunner
          draft={review.content as unknown as Draft}
          answers={review.answers}
          results={review.results}
          explain
        />
      )}
      {review.questions.length > 0 && (
        <ol className="course-review-list">
          {review.questions.map((question, i) => (
            <li key={question.id} className="course-question">
              <p>
                <strong>
                  {t('question', { n: i + 1 })}. {question.text}
                </strong>{' '}
                <Badge color={question.right ? 'teal.9' : 'red.9'} variant="filled">
                  {question.right ? t('answerRight') : t('answerWrong')}
                </Badge>
              </p>
              <p>
                {t('yourAnswer')}: {question.chosen?.text ?? t('noAnswer')}
              </p>
              {question.answer && (
                <p>
                  {t('correctAnswer')}: {question.answer.text}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
