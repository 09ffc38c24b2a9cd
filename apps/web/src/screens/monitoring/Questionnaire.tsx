import { Alert, Anchor, Button, Group, Modal, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { AnswerValue, QuestionnaireView } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { displayDate, schoolDateTime, urlLang } from '../shared/api';
import { storeAnswers, usePeriods, useQuestionnaire } from './api';
import { choosePeriod, showPercent } from './PeriodSelect';
import { QuestionField } from './QuestionField';
import { monitoringText, type MonitoringTextKey, type MonitoringTexts } from './texts';
import '../shared/teaching.css';
import './monitoring.css';

/** How long typing may pause before what was typed is saved. */
const SAVE_AFTER_MS = 700;

/**
 * monitoring-teacher/{userId}/{questionnaireId}: one questionnaire. Its respondent fills it in,
 * each answer saved as they go, and submits it once (the server names what is still missing);
 * their director and the education workers above them read what was sent.
 */
export default function Questionnaire() {
  const t = monitoringText();
  const params = useParams();
  const [search] = useSearchParams();
  const periods = usePeriods();
  const periodId = choosePeriod(periods.data, search.get('periodId'));
  const loaded = useQuestionnaire(
    periodId === null
      ? null
      : {
          periodId,
          questionnaireId: Number(params.questionnaireId),
          userId: Number(params.userId),
        },
  );
  const data = loaded.data;
  const error = loaded.error ?? periods.error;
  return (
    <section className="tch-page mon-form" aria-labelledby="mon-h">
      <Title order={1} id="mon-h">
        {data?.questionnaire?.name ?? t('teacherTitle')}
      </Title>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p>{t('loading')}</p>}
      {data?.questionnaire && (
        <Form
          key={`${data.period.id}-${data.respondent.id}`}
          data={data}
          t={t}
          reload={loaded.reload}
        />
      )}
    </section>
  );
}

type Values = Record<number, AnswerValue>;

function Form({
  data,
  t,
  reload,
}: {
  data: QuestionnaireView;
  t: MonitoringTexts;
  reload: () => Promise<void>;
}) {
  const questionnaire = data.questionnaire!;
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(data.answers.map((a) => [a.questionId, a.value])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [save, setSave] = useState<{ state: 'idle' | 'saving' | 'saved' | 'failed'; text: string }>(
    {
      state: 'idle',
      text: '',
    },
  );
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const pending = useRef<Values>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const me = useAppState((state) => state.user);
  const own = me?.userId === data.respondent.id;
  // Back to where the reader came from: a teacher's list, the organization's page, a worker's tree.
  const backTo = backRoute(me?.role, own);
  const back = `/${urlLang()}/${backTo}`;

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const answers = Object.entries(pending.current).map(([id, value]) => ({
      questionId: Number(id),
      value,
    }));
    if (answers.length === 0) return true;
    pending.current = {};
    setSave({ state: 'saving', text: t('saving') });
    const result = await storeAnswers({
      questionnaireId: questionnaire.id,
      periodId: data.period.id,
      answers,
    });
    if (result.ok) {
      setSave({
        state: 'saved',
        text: t('savedAt', { time: schoolDateTime(result.data.savedAt).slice(11) }),
      });
      setErrors((old) => {
        const next = { ...old };
        for (const a of answers) delete next[a.questionId];
        return next;
      });
      return true;
    }
    // Keep what failed to go, so the next change or the submit sends it again.
    pending.current = {
      ...Object.fromEntries(answers.map((a) => [a.questionId, a.value])),
      ...pending.current,
    };
    setSave({ state: 'failed', text: t('saveFailed', { message: result.message }) });
    setErrors((old) => ({ ...old, ...fieldErrors(result.errors) }));
    return false;
  }, [data.period.id, questionnaire.id, t]);

  useEffect(
    () => () => {
      // Leaving the page sends what is still waiting.
      if (timer.current) void flush();
    },
    [flush],
  );

  const change = (questionId: number, value: AnswerValue) => {
    setValues((old) => ({ ...old, [questionId]: value }));
    pending.current[questionId] = value;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
  };

  const submit = async () => {
    setConfirming(false);
    setSending(true);
    setAlert(null);
    const saved = await flush();
    const result = saved
      ? await storeAnswers({
          questionnaireId: questionnaire.id,
          periodId: data.period.id,
          answers: [],
          submit: true,
        })
      : null;
    setSending(false);
    if (result?.ok) {
      await reload();
      return;
    }
    if (result && !result.ok) {
      const found = fieldErrors(result.errors);
      setErrors(found);
      setAlert(result.message);
      const first = Object.keys(found)[0];
      if (first)
        document.querySelector<HTMLElement>(`#q-${first} input, #q-${first} textarea`)?.focus();
    }
  };

  let number = 0;
  const readOnly = !data.canEdit;
  return (
    <>
      <p className="tch-muted">
        {data.respondent.name} · {data.respondent.school} · {data.period.name}
      </p>
      {data.status === 'submitted' && data.submittedAt && (
        <div className="mon-sent">
          <strong>{t('submitted', { date: displayDate(data.submittedAt) })}</strong>
          <span>{t('scoreOf', { score: showPercent(data.score, t).replace(' %', '') })}</span>
        </div>
      )}
      {readOnly && data.status !== 'submitted' && (
        <Alert color="gray" variant="light">
          {own ? t('periodClosed') : t('notSentYet')}
        </Alert>
      )}
      {readOnly && !own && data.status === 'submitted' && <p>{t('readOnly')}</p>}
      {!readOnly && <p>{questionnaire.intro}</p>}
      {alert && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {alert}
        </Alert>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
        noValidate
      >
        {questionnaire.groups.map((group) => (
          <fieldset key={group.id} className="mon-group">
            <legend>{group.name}</legend>
            {group.questions.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                number={++number}
                value={values[question.id]}
                error={errors[question.id]}
                readOnly={readOnly}
                onChange={(value) => change(question.id, value)}
                t={t}
              />
            ))}
          </fieldset>
        ))}
        <div className="mon-bar">
          {!readOnly && (
            <Button type="submit" loading={sending}>
              {t('submit')}
            </Button>
          )}
          <span className="mon-save" role="status" aria-live="polite">
            {save.text}
          </span>
          <Anchor component={Link} to={back}>
            {t(BACK_TEXT[backTo] ?? 'backToMonitoring')}
          </Anchor>
        </div>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('submit')} centered>
        <p>{t('submitConfirm')}</p>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()}>{t('confirm')}</Button>
        </Group>
      </Modal>
    </>
  );
}

const WORKER_ROUTES: Record<string, string> = {
  country_worker: 'monitoring-country',
  region_worker: 'monitoring-region',
  department_worker: 'monitoring-department',
};

const BACK_TEXT: Record<string, MonitoringTextKey> = {
  'monitoring-teacher': 'back',
  'monitoring-director': 'backToOrganization',
};

function backRoute(role: string | undefined, own: boolean): string {
  if (role && WORKER_ROUTES[role]) return WORKER_ROUTES[role];
  if (role === 'director' || role === 'zavuch' || !own) return 'monitoring-director';
  return 'monitoring-teacher';
}

/** `answers.12` → question 12's first message. */
function fieldErrors(errors: Record<string, string[]>): Record<number, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('answers.'))
      .map(([key, messages]) => [Number(key.slice('answers.'.length)), messages[0] ?? '']),
  );
}
