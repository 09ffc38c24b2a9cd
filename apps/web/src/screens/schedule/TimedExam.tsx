import { Button, Group, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@sabaq/engine';
import type { Answers, ExamSitting } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, schoolDateTime } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { teachingText } from '../shared/teaching-texts';
import { useConfirm } from '../shared/use-confirm';

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
  try {
    const raw = localStorage.getItem(localKey(ref));
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
  const [offline, setOffline] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const left = useCountdown(sitting);
  const latest = useRef(answers);
  latest.current = answers;
  const finished = useRef(false);
  const [ask, confirmModal] = useConfirm();

  const save = useCallback(async () => {
    if (finished.current) return;
    localStorage.setItem(
      localKey(exam),
      JSON.stringify({ answers: latest.current, at: Date.now() }),
    );
    const r = await api.put<{ data: { savedAt: string } }>(
      path('schedule.examSave', { ...exam }),
      { answers: latest.current },
      { handle: 'silent' },
    );
    if (r.error) {
      // 409: the time is over or it was handed in elsewhere; anything else is the network.
      if (r.status === 409) {
        finished.current = true;
        setMessage(failure(r));
        await onChanged(true);
      } else setOffline(true);
      return;
    }
    setOffline(false);
    setSavedAt(r.data.data.savedAt);
    localStorage.removeItem(localKey(exam));
  }, [exam, onChanged]);

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
      const r = await api.post(
        path('schedule.examSubmit', { ...exam }),
        { answers: latest.current },
        { handle: 'form' },
      );
      if (r.error) setMessage(failure(r));
      else if (!asking) setMessage(t('examTimeUp'));
      localStorage.removeItem(localKey(exam));
      await onChanged(true);
    },
    [exam, onChanged, t, ask],
  );

  // The time is up: hand in what there is (the server also takes the last save by itself).
  useEffect(() => {
    if (left !== null && left <= 0) void handIn(false);
  }, [left, handIn]);

  const minutes = left === null ? null : Math.ceil(left / 60_000);
  return (
    <>
      <div className="tch-exam-clock">
        <Title order={2} size="h4">
          {t('examTimeLeft')}:{' '}
          <span role="timer" aria-live="off">
            {clock(left)}
          </span>
        </Title>
        {/* Said once at five minutes and at one, not every second. */}
        <p role="status" className="tch-muted">
          {minutes === 5 || minutes === 1 ? t('examMinutesLeft', { n: minutes }) : ''}
        </p>
        <p className="tch-muted" role={offline ? 'alert' : undefined}>
          {offline
            ? t('examOffline')
            : savedAt
              ? t('examSavedAt', { time: schoolDateTime(savedAt).slice(11) })
              : ''}
        </p>
      </div>
      <DraftRunner draft={draft} answers={answers} onChange={setAnswers} />
      {message && <p role="alert">{message}</p>}
      <Group>
        <Button onClick={() => void handIn(true)} w={{ base: '100%', sm: 'auto' }}>
          {t('examSubmit')}
        </Button>
      </Group>
      {confirmModal}
    </>
  );
}

/** Milliseconds left by the server's clock (its `serverNow` against ours when it came), each second. */
function useCountdown(sitting: ExamSitting): number | null {
  const [now, setNow] = useState(() => Date.now());
  const [skew] = useState(() => Date.parse(sitting.serverNow) - Date.now());
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
