import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { FileRef, Homework, Lesson } from '@sabaq/platform';
import { api } from '../../app/services';
import { displayDate, failure, path, urlLang, useLoad } from '../schedule/api';
import { teachingText } from '../schedule/texts';
import { FilePicker } from './shared';
import '../schedule/teaching.css';

function defaultDeadline(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  d.setHours(20, 0, 0, 0);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** homework/control/{scheduleId}/create: text, files, optional builder exercise, deadline. */
export default function Create() {
  const t = teachingText();
  const lang = urlLang();
  const navigate = useNavigate();
  const id = Number(useParams().scheduleId);
  const lesson = useLoad<{ lesson: Lesson }>(path('schedule.lesson', { scheduleId: id }));
  const published = useLoad<{ id: string; type: string; title: string }[]>(
    path('schedule.publishedContent'),
  );
  const [text, setText] = useState('');
  const [files, setFiles] = useState<FileRef[]>([]);
  const [draftId, setDraftId] = useState('');
  const [deadline, setDeadline] = useState(defaultDeadline());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const r = await api.post<{ data: Homework }>(
      path('homework.create', { scheduleId: id }),
      {
        text,
        files: files.map((f) => f.id),
        draftId: draftId || null,
        deadline: new Date(deadline).toISOString(),
      },
      { handle: 'form' },
    );
    setBusy(false);
    if (r.error) {
      const e: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.data?.errors ?? {})) e[k] = v[0] ?? '';
      if (Object.keys(e).length === 0) e.form = failure(r);
      setErrors(e);
      return;
    }
    navigate(`/${lang}/homework/control/${r.data.data.id}`);
  };
  const l = lesson.data?.lesson;
  return (
    <section className="tch-page" aria-labelledby="hw-create-h">
      <h1 id="hw-create-h">{t('setHomework')}</h1>
      {lesson.error && <p role="alert">{lesson.error}</p>}
      {l && (
        <p className="tch-muted">
          {l.subject.name} · {l.group.name} · {displayDate(l.date)}
        </p>
      )}
      <form
        className="tch-page"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('text')}
          <textarea
            rows={5}
            value={text}
            required
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? 'hw-text-err' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setErrors({});
            }}
          />
        </label>
        {errors.text && (
          <p id="hw-text-err" role="alert">
            {errors.text}
          </p>
        )}
        <FilePicker files={files} onChange={setFiles} />
        <label>
          {t('exercise')}{' '}
          <select value={draftId} onChange={(e) => setDraftId(e.target.value)}>
            <option value="">{t('noExercise')}</option>
            {(published.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.type})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('deadline')}{' '}
          <input
            type="datetime-local"
            value={deadline}
            aria-invalid={errors.deadline ? true : undefined}
            onChange={(e) => {
              setDeadline(e.target.value);
              setErrors({});
            }}
          />
        </label>
        {(errors.deadline || errors.draftId || errors.files || errors.form) && (
          <p role="alert">{errors.deadline ?? errors.draftId ?? errors.files ?? errors.form}</p>
        )}
        <p>
          <button type="submit" disabled={busy}>
            {t('setHomework')}
          </button>
        </p>
      </form>
    </section>
  );
}
