import { Alert, Button, Group, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@sabaq/engine';
import type { Answers, ExamSitting } from '@sabaq/platform';
import { api, notify } from '../../app/services';
import type * as OutboxModule from '../../offline/outbox';
import type { OutboxWrite } from '../../offline/outbox';
import { useAppState } from '../../session/store';
import { failure, path, schoolDateTime } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { teachingText } from '../shared/teaching-texts';
import { preloadConfirm, useConfirm } from '../shared/use-confirm';

/** Spec §4: the hand-in's confirm button counts down these seconds before it can be pressed. */
export const HAND_IN_COUNTDOWN = 3;

/** Where a lesson's exam is, as the exam routes name it. */
export interface ExamRef {
  scheduleId: number;
  lessonType: string;
  lessonId: string;
}

/** Autosave after a pause in answering, and a beat while nothing changes (the teacher's «online»). */
const SAVE_AFTER_MS = 1_500;
const BEAT_MS = 15_000;

/** Answers kept on this device while the server cannot be reached (restored on the next load). */
const localKey = (ref: ExamRef) => `sabaq.sitting.${ref.scheduleId}.${ref.lessonId}`;

function readLocal(ref: ExamRef): { answers: Answers; at: number } | null {
  return readKept(localKey(ref));
}

function readKept(key: string): { answers: Answers; at: number } | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { answers: Answers; at: number }) : null;
  } catch {
    return null;
  }
}

/**
 * A SOR/SOCh under exam conditions (issue 20): before the start, the time it takes and a start
 * button (the questions come with the start); after it, the questions with a countdown by the
 * server's clock, answers saved as the pupil goes (kept on the device when the connection drops),
 * and the hand-in made by itself when the time is up.
 */
export function TimedExam({
  exam,
  draft,
  sitting,
  onChanged,
}: {
  exam: ExamRef;
  draft: Draft;
  sitting: ExamSitting | null;
  /** Reload the exam: after the start, or once it was handed in (`handedIn`). */
  onChanged: (handedIn?: boolean) => Promise<void>;
}) {
  const t = teachingText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!sitting) {
    const start = async () => {
      setBusy(true);
      const r = await api.post(path('schedule.examStart', { ...exam }), {}, { handle: 'form' });
      setBusy(false);
      if (r.error) setError(failure(r));
      else await onChanged();
    };
    return (
      <>
        <p>{t('examIntro', { n: draft.duration || 40 })}</p>
        {error && <p role="alert">{error}</p>}
        <Group>
          <Button onClick={() => void start()} loading={busy} w={{ base: '100%', sm: 'auto' }}>
            {t('examStart')}
          </Button>
        </Group>
      </>
    );
  }
  return <Sitting exam={exam} draft={draft} sitting={sitting} onChanged={onChanged} />;
}

/** The outbox's scope of a sitting: its autosaves and hand-in wait there while the link is down. */
export const sittingScope = (ref: ExamRef) =>
  `exam:${ref.scheduleId}:${ref.lessonType}:${ref.lessonId}`;

type Outbox = typeof OutboxModule;

function Sitting({
  exam,
  draft,
  sitting,
  onChanged,
}: {
  exam: ExamRef;
  draft: Draft;
  sitting: ExamSitting;
  onChanged: (handedIn?: boolean) => Promise<void>;
}) {
  const t = teachingText();
  const [answers, setAnswers] = useState<Answers>(() => {
    // Answers made offline after the last save win over the server's copy.
    const local = readLocal(exam);
    const saved = sitting.savedAt ? Date.parse(sitting.savedAt) : 0;
    return local && local.at > saved ? local.answers : sitting.answers;
  });
  const [savedAt, setSavedAt] = useState<string | null>(sitting.savedAt);
  const [failed, setFailed] = useState(false);
  const offline = useAppState((state) => state.offline) || failed;
  const [message, setMessage] = useState<string | null>(null);
  // Issue 31: the hand-in pressed without the link waits in the outbox (across reloads).
  const [queuedHandIn, setQueuedHandIn] = useState(false);
  const left = useCountdown(sitting);
  const latest = useRef(answers);
  latest.current = answers;
  const finished = useRef(false);
  /** Something of this sitting waits in the outbox: later writes queue behind it, in order. */
  const queued = useRef(false);
  const lastQueued = useRef<string | null>(null);
  const [ask, confirmModal] = useConfirm();
  const scope = sittingScope(exam);
  const kept = localKey(exam);
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;

  // The hand-in's confirm opens offline too: its chunk loads (and is kept) while the link is up.
  useEffect(preloadConfirm, []);

  // Every change is kept on this device at once (the link may be gone before the next save).
  const changedOnce = useRef(false);
  useEffect(() => {
    if (!changedOnce.current) {
      changedOnce.current = true;
      return;
    }
    localStorage.setItem(kept, JSON.stringify({ answers, at: Date.now() }));
  }, [answers, kept]);

  // What waits in the outbox for this sitting: shown, and sent by the outbox in order (answers,
  // then the hand-in) when the link returns; the page then shows the result.
  const savedBefore = sitting.savedAt ? Date.parse(sitting.savedAt) : 0;
  useEffect(() => {
    let live = true;
    let stop = () => {};
    let first = true;
    void import('../../offline/outbox')
      .then(async (outbox) => {
        const show = async (sent: readonly OutboxWrite[] = []) => {
          const mine = await outbox.waiting(scope);
          if (!live) return;
          if (first) {
            // Opened again with answers still waiting: the newest of them, unless newer are kept.
            first = false;
            const newest = mine.filter((w) => !w.refused).pop();
            const local = readKept(kept);
            if (newest && newest.at > Math.max(local?.at ?? 0, savedBefore))
              setAnswers((newest.body as { answers: Answers }).answers);
          }
          const refused = mine.filter((w) => w.refused);
          const pending = mine.filter((w) => !w.refused);
          queued.current = pending.length > 0;
          const handIn = pending.some((w) => w.method === 'POST');
          if (handIn) finished.current = true;
          setQueuedHandIn(handIn);
          if (refused.length > 0) {
            // The server's answer (the time and its grace over, handed in elsewhere): said, and
            // the page reads what was handed in.
            finished.current = true;
            const why = refused[refused.length - 1]!.refused ?? null;
            setMessage(why);
            // Said beyond this page too: the result page replaces it.
            if (why) notify({ kind: 'warning', message: why });
            for (const w of refused) await outbox.discard(w.seq!);
            await changedRef.current(true);
            return;
          }
          const mineSent = sent.filter((w) => w.scope === scope);
          if (mineSent.some((w) => w.method === 'POST')) {
            localStorage.removeItem(kept);
            await changedRef.current(true);
          } else if (mineSent.length > 0) {
            setFailed(false);
            setSavedAt(new Date().toISOString());
            if (!queued.current) localStorage.removeItem(kept);
          }
        };
        stop = outbox.subscribe((event) => void show(event.sent));
        if (live) await show();
        else stop();
      })
      .catch(() => {
        // No outbox (its chunk not kept and the link down, or the page going away): the answers
        // kept on this device still show.
      });
    return () => {
      live = false;
      stop();
    };
  }, [scope, kept, savedBefore]);

  /** Puts a write of this sitting in the outbox (an autosave replaces the one waiting). */
  const queue = useCallback(
    async (outbox: Outbox, opId: string, write: 'save' | 'handIn') => {
      const body = { answers: latest.current };
      queued.current = true;
      if (write === 'save')
        await outbox.enqueueLatest(
          { opId, method: 'PUT', path: path('schedule.examSave', { ...exam }), body, scope },
          (w) => w.method === 'PUT',
        );
      else
        await outbox.enqueue({
          opId,
          method: 'POST',
          path: path('schedule.examSubmit', { ...exam }),
          body,
          scope,
        });
      void outbox.drain();
    },
    [exam, scope],
  );

  const save = useCallback(async () => {
    if (finished.current) return;
    localStorage.setItem(
      localKey(exam),
      JSON.stringify({ answers: latest.current, at: Date.now() }),
    );
    const outbox = await import('../../offline/outbox');
    const opId = outbox.newOpId();
    const json = JSON.stringify(latest.current);
    if (queued.current) {
      // Older answers still wait: these go after them (a beat with nothing new adds nothing).
      if (json !== lastQueued.current) await queue(outbox, opId, 'save');
      lastQueued.current = json;
      return;
    }
    const r = await api.put<{ data: { savedAt: string } }>(
      path('schedule.examSave', { ...exam }),
      { answers: latest.current },
      { handle: 'silent', headers: { 'X-Client-Op': opId } },
    );
    if (r.error) {
      // 409: the time is over or it was handed in elsewhere; no answer: the network.
      if (r.status === 409) {
        finished.current = true;
        setMessage(failure(r));
        await onChanged(true);
      } else if (r.errorType === 'network' || r.errorType === 'server') {
        setFailed(true);
        lastQueued.current = json;
        await queue(outbox, opId, 'save');
      }
      return;
    }
    setFailed(false);
    setSavedAt(r.data.data.savedAt);
    localStorage.removeItem(localKey(exam));
  }, [exam, onChanged, queue]);

  // A pause in answering saves; so does a beat every 15 s.
  useEffect(() => {
    const timer = setTimeout(() => void save(), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [answers, save]);
  useEffect(() => {
    const beat = setInterval(() => void save(), BEAT_MS);
    return () => clearInterval(beat);
  }, [save]);

  const handIn = useCallback(
    async (asking: boolean) => {
      if (finished.current) return;
      if (asking) {
        const ok = await ask({
          title: t('examSubmit'),
          message: t('examConfirm'),
          action: t('examSubmit'),
          countdown: HAND_IN_COUNTDOWN,
        });
        // The time may have run out (and the work gone in by itself) while the modal was open.
        if (!ok || finished.current) return;
      }
      finished.current = true;
      const outbox = await import('../../offline/outbox');
      const opId = outbox.newOpId();
      const queueIt = async () => {
        localStorage.setItem(
          localKey(exam),
          JSON.stringify({ answers: latest.current, at: Date.now() }),
        );
        setFailed(true);
        setQueuedHandIn(true);
        await queue(outbox, opId, 'handIn');
      };
      // Answers still waiting go first: the hand-in waits behind them.
      if (queued.current) return queueIt();
      const r = await api.post(
        path('schedule.examSubmit', { ...exam }),
        { answers: latest.current },
        { handle: 'form', headers: { 'X-Client-Op': opId } },
      );
      if (r.error && (r.errorType === 'network' || r.errorType === 'server')) return queueIt();
      if (r.error) setMessage(failure(r));
      else if (!asking) setMessage(t('examTimeUp'));
      localStorage.removeItem(localKey(exam));
      await onChanged(true);
    },
    [exam, onChanged, t, ask, queue],
  );

  // The time is up: hand in what there is (the server also takes the last save by itself).
  useEffect(() => {
    if (left !== null && left <= 0) void handIn(false);
  }, [left, handIn]);

  const minutes = left === null ? null : Math.ceil(left / 60_000);
  const endsAt = schoolDateTime(sitting.deadlineAt).slice(11);
  const until = schoolDateTime(sitting.acceptedUntil ?? sitting.deadlineAt).slice(11);
  return (
    <>
      <div className="tch-exam-clock">
        <Title order={2} size="h4">
          {t('examTimeLeft')}:{' '}
          <span role="timer" aria-live="off">
            {clock(left)}
          </span>
        </Title>
        <p className="tch-muted" data-testid="exam-ends-at">
          {t('examEndsAt', { time: endsAt })}
        </p>
        {/* Said once at five minutes and at one, not every second. */}
        <p role="status" className="tch-muted">
          {minutes === 5 || minutes === 1 ? t('examMinutesLeft', { n: minutes }) : ''}
        </p>
        {queuedHandIn ? (
          <Alert color="yellow" role="alert" data-testid="exam-handin-queued">
            {t('examHandInQueued', { until })}
          </Alert>
        ) : offline ? (
          <Alert color="yellow" role="alert" data-testid="exam-offline">
            {t('examOfflineDeadline', { time: endsAt })}
          </Alert>
        ) : (
          <p className="tch-muted">
            {savedAt ? t('examSavedAt', { time: schoolDateTime(savedAt).slice(11) }) : ''}
          </p>
        )}
      </div>
      <DraftRunner
        draft={draft}
        answers={answers}
        onChange={queuedHandIn ? undefined : setAnswers}
      />
      {message && <p role="alert">{message}</p>}
      {!queuedHandIn && (
        <Group>
          <Button onClick={() => void handIn(true)} w={{ base: '100%', sm: 'auto' }}>
            {t('examSubmit')}
          </Button>
        </Group>
      )}
      {confirmModal}
    </>
  );
}

/** The server's clock against this device's, kept for a reload without the network. */
const SKEW_KEY = 'sabaq.sitting.skew';

/**
 * Milliseconds left by the server's clock (its `serverNow` against ours when it came), each
 * second. Offline the sitting came from this device's copy (its `serverNow` is old): the
 * difference measured when the link was there counts instead.
 */
function useCountdown(sitting: ExamSitting): number | null {
  // One reading of our clock for both: two readings a moment apart showed a second more than
  // the server allows at the start («10:31» of 10:30 on a busy machine).
  const [first] = useState(() => Date.now());
  const [now, setNow] = useState(first);
  const [skew] = useState(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return Number(localStorage.getItem(SKEW_KEY)) || 0;
    const measured = Date.parse(sitting.serverNow) - first;
    localStorage.setItem(SKEW_KEY, String(measured));
    return measured;
  });
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, []);
  return Date.parse(sitting.deadlineAt) - (now + skew);
}

function clock(ms: number | null): string {
  if (ms === null) return '';
  const total = Math.max(0, Math.ceil(ms / 1_000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
