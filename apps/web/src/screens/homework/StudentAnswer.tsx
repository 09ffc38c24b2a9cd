import { Button, Group, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { Answer, Answers, FileRef, Homework } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import type { KeptUpload } from '../../offline/kept-files';
import { OFFLINE_TEXTS } from '../../offline/offline-texts';
import { useOutbox } from '../../offline/useOutbox';
import { failure, path, useLoad } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { teachingText } from '../shared/teaching-texts';
import { FileList, FilePicker } from '../shared/files';
import { HomeworkCard } from './shared';
import '../shared/teaching.css';

type Data = { homework: Homework; answer: Answer; exercise: Draft | null };

/** homework/list/assigned/{answerId}: submit text, files and exercise answers; see grade and comment. */
export default function StudentAnswer() {
  const t = teachingText();
  const id = Number(useParams().answerId);
  const url = path('homework.assigned', { answerId: id });
  const d = useLoad<Data>(url);
  const [text, setText] = useState<string | null>(null);
  const [files, setFiles] = useState<FileRef[] | null>(null);
  // Files picked without the network, kept on the device until the outbox uploads them.
  const [kept, setKept] = useState<KeptUpload[] | null>(null);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // Issue 31: an answer handed in without the network waits in the outbox (shown here, across
  // reloads) and is sent when the link is back; then the page reads the server's answer again.
  const scope = `homework:${id}`;
  const reload = d.reload;
  const waiting =
    useOutbox(scope, {
      onSent: () => {
        setMessage(null);
        setFiles(null);
        setKept(null);
        void reload();
      },
      onRefused: (w) => {
        // What was handed in comes back into the form, with the reason: nothing is lost.
        const body = w.body as { text?: string };
        if (typeof body.text === 'string') setText(body.text);
        const uploads = w.uploads ?? [];
        const uploaded = uploads.filter((u) => u.id !== undefined);
        if (uploaded.length > 0)
          setFiles((now) => [
            ...(now ?? d.data?.answer.files ?? []),
            ...uploaded.map((u) => ({ id: u.id!, name: u.name, size: u.size, mime: u.mime })),
          ]);
        setKept(uploads.filter((u) => u.id === undefined));
        setMessage(w.refused ?? null);
      },
    })[0] ?? null;
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  const a = d.data.answer;
  const editable = a.status === 'assigned' || a.status === 'returned';
  const sent = waiting?.body as { text?: string } | undefined;
  const curText = text ?? sent?.text ?? a.text;
  const curFiles = files ?? a.files;
  const curKept = kept ?? [...(waiting?.uploads ?? [])];
  const curAnswers = answers ?? a.exerciseAnswers ?? {};
  const submit = async () => {
    const body = {
      text: curText,
      files: curFiles.map((f) => f.id),
      exerciseAnswers: d.data?.exercise ? curAnswers : null,
    };
    const outbox = await import('../../offline/outbox');
    const opId = outbox.newOpId();
    const queue = async () => {
      // A waiting answer handed in again replaces it: the latest text and files go.
      if (waiting) await outbox.discard(waiting.seq!);
      await outbox.enqueue({
        opId,
        method: 'POST',
        path: path('homework.submit', { answerId: id }),
        body,
        scope,
        ...(curKept.length > 0 ? { uploads: curKept } : {}),
      });
    };
    if (curKept.length > 0) {
      // Files kept on the device go first: the outbox uploads them, then hands the answer in.
      await queue();
      setKept(null);
      if (navigator.onLine) void outbox.drain();
      setMessage(navigator.onLine ? null : OFFLINE_TEXTS[currentUiLang()].answerQueued);
      return;
    }
    const r = await api.post<{ data: Data }>(path('homework.submit', { answerId: id }), body, {
      handle: 'form',
      headers: { 'X-Client-Op': opId },
    });
    if (r.error && r.errorType === 'network') {
      await queue();
      setMessage(OFFLINE_TEXTS[currentUiLang()].answerQueued);
    } else if (r.error) setMessage(failure(r));
    else {
      setMessage(t('answerSent'));
      d.set(r.data.data);
    }
  };
  return (
    <section className="tch-page" aria-labelledby="my-answer-h">
      <Title order={1} id="my-answer-h">
        {t('homework')} — {t(`hw_${a.status}`)}
      </Title>
      <HomeworkCard h={d.data.homework} />
      {a.status === 'checked' && (
        <p role="status" className="tch-result">
          {t('yourGrade')}: <strong>{a.grade}</strong>
        </p>
      )}
      {a.comment && (
        <p>
          {t('teacherComment')}: {a.comment}
        </p>
      )}
      {d.data.exercise && editable && <p className="tch-muted">{t('exerciseToDo')}</p>}
      {d.data.exercise && (
        <DraftRunner
          draft={d.data.exercise}
          answers={curAnswers}
          onChange={editable ? setAnswers : undefined}
          results={editable ? null : a.exerciseResults}
        />
      )}
      {editable ? (
        <form
          className="tch-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Textarea
              label={t('answer')}
              autosize
              minRows={5}
              value={curText}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <FilePicker files={curFiles} onChange={setFiles} kept={curKept} onKept={setKept} />
            <Group>
              <Button type="submit" w={{ base: '100%', sm: 'auto' }}>
                {t('submitAnswer')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <article className="tch-day">
          <h2>{t('answer')}</h2>
          <p style={{ whiteSpace: 'pre-wrap' }}>{a.text}</p>
          <FileList files={a.files} />
        </article>
      )}
      {waiting && !message && <p role="status">{OFFLINE_TEXTS[currentUiLang()].answerWaiting}</p>}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
