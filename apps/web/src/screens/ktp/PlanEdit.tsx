import {
  ActionIcon,
  Button,
  FileButton,
  NativeSelect,
  NumberInput,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DragEvent, FormEvent, KeyboardEvent } from 'react';
import type { CalendarPlanData, CalendarPlanLesson } from '@sabaq/platform';
import { PLAN_LESSON_MAX_HOURS, PLAN_TOPIC_MAX } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { useNavigate } from 'react-router-dom';
import { displayDate, failure, path } from '../shared/api';
import { DateField, isoDayOf } from '../shared/DateField';
import { sendFile } from '../files';
import { ColumnHeads, InlineConfirm, ScrollTable, ktpPaths } from './common';
import type { T } from './common';

/**
 * Edit mode of a plan (backoffice/ktp/{groupId}/{calendarPlanId}): every plan lesson's topic,
 * hours, quarter and planned date edited in place (Enter or the row's save button; problems shown
 * next to the field), add a lesson, delete one (confirmed inline), reorder by dragging a row or
 * with the keyboard (↑/↓ buttons, Alt+↑ / Alt+↓ anywhere in the row), replace the lessons from an
 * .xlsx or a pasted list (every bad row listed, nothing saved then).
 */

type Field = 'topic' | 'hours' | 'quarter' | 'date';
type Errors = Partial<Record<Field, string>>;
type PlanResult = ApiResult<{ data: CalendarPlanData }>;

interface Values {
  topic: string;
  hours: string;
  quarter: string;
  date: string;
}

function check(v: Values, t: T): Errors {
  const e: Errors = {};
  const topic = v.topic.trim();
  if (!topic || topic.length > PLAN_TOPIC_MAX) e.topic = t('errTopic');
  const h = Number(v.hours);
  if (!/^\d+$/.test(v.hours.trim()) || h < 1 || h > PLAN_LESSON_MAX_HOURS) e.hours = t('errHours');
  if (!['1', '2', '3', '4'].includes(v.quarter)) e.quarter = t('errQuarter');
  if (v.date.trim() && !isoDayOf(v.date)) e.date = t('errDate');
  return e;
}

function body(v: Values) {
  return {
    topic: v.topic.trim(),
    hours: Number(v.hours),
    quarter: Number(v.quarter),
    date: isoDayOf(v.date),
  };
}

/** Field errors of a failed call, by our field names; the rest as one message. */
function serverErrors(r: PlanResult): { fields: Errors; other: string | null } {
  if (!r.error) return { fields: {}, other: null };
  const errs = r.data?.errors ?? {};
  const fields: Errors = {};
  for (const f of ['topic', 'hours', 'quarter', 'date'] as const) {
    const m = errs[f]?.[0];
    if (m) fields[f] = m;
  }
  return { fields, other: Object.keys(fields).length > 0 ? null : failure(r) };
}

function Fields({
  id,
  n,
  v,
  set,
  errors,
  t,
}: {
  id: string;
  n: number | null;
  v: Values;
  set: (next: (v: Values) => Values) => void;
  errors: Errors;
  t: T;
}) {
  /** What every field's control has: id, label (with the lesson's number), its message. */
  const control = (f: Field) => ({
    id: `${id}-${f}`,
    'aria-label': n === null ? t(f) : t(`${f}Of`, { n }),
    error: errors[f],
  });
  // From the latest values: the kit's number field also reports on blur, after a save may have
  // emptied the row in the same tick.
  const put = (f: Field, value: string) => set((cur) => ({ ...cur, [f]: value }));
  return (
    <>
      <td>
        <TextInput
          className="ktp-topic"
          maxLength={PLAN_TOPIC_MAX}
          value={v.topic}
          onChange={(e) => put('topic', e.currentTarget.value)}
          {...control('topic')}
        />
      </td>
      <td>
        <NumberInput
          className="ktp-num"
          min={1}
          max={PLAN_LESSON_MAX_HOURS}
          allowDecimal={false}
          allowNegative={false}
          // Out of range is our message at the field, not a silent change of what was typed.
          clampBehavior="none"
          // Alt+↑/↓ moves the row: the arrows step the hours only without Alt.
          withKeyboardEvents={false}
          onKeyDown={(e) => {
            if (e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
            e.preventDefault();
            const h = (Number(v.hours) || 0) + (e.key === 'ArrowUp' ? 1 : -1);
            put('hours', String(Math.min(PLAN_LESSON_MAX_HOURS, Math.max(1, h))));
          }}
          value={v.hours}
          onChange={(value) => put('hours', String(value))}
          {...control('hours')}
        />
      </td>
      <td>
        <NativeSelect
          className="ktp-quarter"
          data={['1', '2', '3', '4']}
          value={v.quarter}
          onChange={(e) => put('quarter', e.currentTarget.value)}
          {...control('quarter')}
        />
      </td>
      <td>
        <DateField
          className="ktp-date"
          value={v.date}
          onChange={(text) => put('date', text)}
          {...control('date')}
        />
      </td>
    </>
  );
}

function valuesOf(l: CalendarPlanLesson): Values {
  return {
    topic: l.topic,
    hours: String(l.hours),
    quarter: String(l.quarter),
    date: l.plannedDate ? displayDate(l.plannedDate) : '',
  };
}

/**
 * The state of one row of lesson fields (a plan lesson being edited, or the new one) and how it
 * is sent: `send` checks the fields (messages next to them; `onInvalid` gets them), sends the
 * values with `request`, shows the server's field errors in place and any other failure as an
 * error notice, and hands a saved plan to `onSaved`. It answers the saved plan, or null.
 */
function useLessonFields(
  initial: () => Values,
  t: T,
  onSaved: (d: CalendarPlanData) => void,
  onNotice: (text: string, error?: boolean) => void,
) {
  const [v, setV] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const send = async (
    request: (values: ReturnType<typeof body>) => Promise<PlanResult>,
    onInvalid?: (errors: Errors) => void,
  ): Promise<CalendarPlanData | null> => {
    const e = check(v, t);
    setErrors(e);
    if (Object.keys(e).length > 0) {
      onInvalid?.(e);
      return null;
    }
    setBusy(true);
    const r = await request(body(v));
    setBusy(false);
    if (r.error) {
      const s = serverErrors(r);
      setErrors(s.fields);
      if (s.other) onNotice(s.other, true);
      return null;
    }
    onSaved(r.data.data);
    return r.data.data;
  };
  /** A change in a field: its message (and the others') goes until the next check. */
  const change = (next: (v: Values) => Values) => {
    setV(next);
    setErrors({});
  };
  return { v, setV, errors, setErrors, busy, setBusy, send, change };
}

function EditRow({
  l,
  total,
  t,
  onSaved,
  onMove,
  onDragFrom,
  onDropAt,
  onNotice,
}: {
  l: CalendarPlanLesson;
  total: number;
  t: T;
  onSaved: (d: CalendarPlanData) => void;
  onMove: (l: CalendarPlanLesson, to: number, focus: string) => void;
  onDragFrom: (uuid: string) => void;
  onDropAt: (position: number) => void;
  onNotice: (text: string, error?: boolean) => void;
}) {
  const { v, setV, errors, setErrors, busy, setBusy, send, change } = useLessonFields(
    () => valuesOf(l),
    t,
    onSaved,
    onNotice,
  );
  const [confirming, setConfirming] = useState(false);
  const [over, setOver] = useState(false);
  const base = valuesOf(l);
  const dirty = JSON.stringify(v) !== JSON.stringify(base);
  const id = `ktp-l-${l.uuid}`;
  // A saved change from elsewhere (import, another row's move) resets an untouched row.
  const last = useRef(JSON.stringify(base));
  useEffect(() => {
    const now = JSON.stringify(valuesOf(l));
    if (now !== last.current) {
      last.current = now;
      setV(valuesOf(l));
      setErrors({});
    }
  }, [l, setV, setErrors]);

  const save = async () => {
    const saved = await send((values) =>
      api.put(path('calendarPlans.lessonUpdate', { calendarPlanLessonUUID: l.uuid }), values, {
        handle: 'silent',
      }),
    );
    if (saved) onNotice(t('saved'));
  };
  const remove = async () => {
    setBusy(true);
    const r: PlanResult = await api.request(
      'DELETE',
      path('calendarPlans.lessonDelete', { calendarPlanLessonUUID: l.uuid }),
      { handle: 'silent' },
    );
    setBusy(false);
    setConfirming(false);
    if (r.error) onNotice(failure(r), true);
    else {
      onSaved(r.data.data);
      onNotice(t('lessonDeleted'));
    }
  };
  const keys = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = l.number + (e.key === 'ArrowUp' ? -1 : 1);
      if (to >= 1 && to <= total) onMove(l, to, (e.target as HTMLElement).id);
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      void save();
    }
  };
  return (
    <tr
      id={id}
      className={over ? 'ktp-drop' : undefined}
      onKeyDown={keys}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        onDropAt(l.number);
      }}
    >
      <td>
        <span
          className="ktp-drag"
          draggable
          title={t('dragHandle', { n: l.number })}
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', l.uuid);
            onDragFrom(l.uuid);
          }}
        >
          <span aria-hidden="true">⠿</span>
        </span>{' '}
        {l.number}
      </td>
      <Fields id={id} n={l.number} v={v} set={change} errors={errors} t={t} />
      <td>
        <span className="ktp-actions ktp-row-actions">
          <Button
            variant="default"
            type="button"
            id={`${id}-save`}
            disabled={busy || !dirty}
            onClick={() => void save()}
            aria-label={t('saveRow', { n: l.number })}
          >
            {t('save')}
          </Button>
          <ActionIcon
            variant="default"
            size={40}
            type="button"
            id={`${id}-up`}
            disabled={busy || l.number === 1}
            onClick={() => onMove(l, l.number - 1, `${id}-up`)}
            aria-label={`${t('moveUp')}: №${l.number}`}
          >
            <IconArrowUp size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={40}
            type="button"
            id={`${id}-down`}
            disabled={busy || l.number === total}
            onClick={() => onMove(l, l.number + 1, `${id}-down`)}
            aria-label={`${t('moveDown')}: №${l.number}`}
          >
            <IconArrowDown size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
          {!confirming && (
            <Button
              variant="default"
              type="button"
              disabled={busy}
              onClick={() => setConfirming(true)}
              aria-label={`${t('deleteLesson')}: №${l.number}`}
            >
              {t('deleteLesson')}
            </Button>
          )}
        </span>
        {confirming && (
          <InlineConfirm
            action={t('deleteLesson')}
            message={t('deleteLessonConfirm', { n: l.number, topic: l.topic })}
            busy={busy}
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
            t={t}
          />
        )}
      </td>
    </tr>
  );
}

/** What the sections under the table (add, import) get from the editor. */
interface SectionProps {
  planId: number;
  t: T;
  onSaved: (d: CalendarPlanData) => void;
  onNotice: (text: string, error?: boolean) => void;
}

function AddLesson({ planId, t, onSaved, onNotice }: SectionProps) {
  const empty: Values = { topic: '', hours: '1', quarter: '1', date: '' };
  const { v, setV, errors, busy, send, change } = useLessonFields(
    () => empty,
    t,
    onSaved,
    onNotice,
  );
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const saved = await send(
      (values) =>
        api.post(path('calendarPlans.lessonCreate', { calendarPlanId: planId }), values, {
          handle: 'silent',
        }),
      (invalid) => document.getElementById(`ktp-new-${Object.keys(invalid)[0]}`)?.focus(),
    );
    if (!saved) return;
    onNotice(t('lessonAdded', { n: saved.lessons.length }));
    setV(empty);
    document.getElementById('ktp-new-topic')?.focus();
  };
  return (
    // noValidate: the checks and their messages are ours, next to each field.
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby="ktp-add-h"
      className="ktp-add"
      noValidate
    >
      <h2 id="ktp-add-h">{t('addLessonTitle')}</h2>
      <ScrollTable minWidth={640}>
        <table className="ktp-table">
          <ColumnHeads
            names={[
              t('topic'),
              t('hours'),
              t('quarter'),
              t('date'),
              <span className="ktp-sr">{t('actions')}</span>,
            ]}
          />
          <tbody>
            <tr
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
                  e.preventDefault();
                  void submit();
                }
              }}
            >
              <Fields id="ktp-new" n={null} v={v} set={change} errors={errors} t={t} />
              <td>
                <span className="ktp-actions ktp-row-actions">
                  <Button type="submit" disabled={busy}>
                    {t('addLesson')}
                  </Button>
                </span>
              </td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>
    </form>
  );
}

/** Problems of a refused import, in row order. */
function importProblems(r: PlanResult): string[] {
  if (!r.error) return [];
  const errs = r.data?.errors;
  if (!errs) return [failure(r)];
  return Object.entries(errs)
    .sort(([a], [b]) => Number(a.split('.')[1] ?? 0) - Number(b.split('.')[1] ?? 0))
    .flatMap(([, m]) => m);
}

function Import({ planId, t, onSaved, onNotice }: SectionProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const reset = useRef<() => void>(null);
  const send = async (payload: { fileId: string } | { text: string }) => {
    setBusy(true);
    setProblems([]);
    const r: PlanResult = await api.put(
      path('calendarPlans.import', { calendarPlanId: planId }),
      payload,
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) {
      setProblems(importProblems(r));
      return false;
    }
    onSaved(r.data.data);
    onNotice(t('importDone', { n: r.data.data.lessons.length }));
    return true;
  };
  const onFile = async (f: File | null) => {
    if (!f) return;
    // The spreadsheet goes to the file service first (streamed, type from its content).
    setBusy(true);
    setProblems([]);
    try {
      const sent = await sendFile(f, 'ktp');
      await send({ fileId: sent.name });
    } catch (err) {
      setBusy(false);
      setProblems([err instanceof Error ? err.message : String(err)]);
    }
    reset.current?.();
  };
  return (
    <section className="ktp-import" aria-labelledby="ktp-import-h">
      <h2 id="ktp-import-h">{t('importXlsx')}</h2>
      <p className="ktp-muted" id="ktp-import-hint">
        {t('importHint')}
      </p>
      <div className="ktp-actions">
        <FileButton
          resetRef={reset}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(f) => void onFile(f)}
          inputProps={{ 'aria-label': t('importXlsx'), 'aria-describedby': 'ktp-import-hint' }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={busy}
              aria-describedby="ktp-import-hint"
              leftSection={<IconFileSpreadsheet size={18} stroke={1.75} aria-hidden />}
            >
              {t('importXlsx')}
            </Button>
          )}
        </FileButton>
      </div>
      <details>
        <summary>{t('importText')}</summary>
        <Textarea
          id="ktp-import-text"
          label={t('importTextLabel')}
          rows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <div className="ktp-actions">
          <Button
            variant="default"
            type="button"
            disabled={busy || !text.trim()}
            onClick={() =>
              void send({ text }).then((ok) => {
                if (ok) setText('');
              })
            }
          >
            {t('importApply')}
          </Button>
        </div>
      </details>
      {problems.length > 0 && (
        <div role="alert" className="ktp-error">
          <p>{t('importFailed')}</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function PlanEditor({
  data,
  onChange,
  t,
}: {
  data: CalendarPlanData;
  onChange: (d: CalendarPlanData) => void;
  t: T;
}) {
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<{ uuid: string; id: string } | null>(null);
  const dragged = useRef<string | null>(null);
  const planId = data.plan.id;
  const total = data.lessons.length;
  const note = (text: string, error = false) => setNotice({ text, error });

  const move = async (l: CalendarPlanLesson, to: number, focusId: string) => {
    if (busy || to === l.number) return;
    setBusy(true);
    const r: PlanResult = await api.post(
      path('calendarPlans.lessonMove', { calendarPlanLessonUUID: l.uuid }),
      { position: to },
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) {
      note(failure(r), true);
      return;
    }
    setFocus({ uuid: l.uuid, id: focusId });
    onChange(r.data.data);
    note(t('moved', { topic: l.topic, n: to }));
  };

  // After a move is drawn, focus stays with the moved row (on the other arrow when the one
  // pressed is now disabled, at the top or the bottom).
  useLayoutEffect(() => {
    if (!focus) return;
    setFocus(null);
    const row = `ktp-l-${focus.uuid}`;
    const el = document.getElementById(focus.id) as HTMLButtonElement | null;
    if (el && !el.disabled) el.focus();
    else if (focus.id.endsWith('-up')) document.getElementById(`${row}-down`)?.focus();
    else if (focus.id.endsWith('-down')) document.getElementById(`${row}-up`)?.focus();
    else document.getElementById(`${row}-topic`)?.focus();
  }, [data, focus]);

  return (
    <div className="ktp-editor">
      <p className="ktp-muted" id="ktp-move-help">
        {t('moveHelp')}
      </p>
      <div role="status" className={notice?.error ? 'ktp-status ktp-status-error' : 'ktp-status'}>
        {notice?.text ?? ''}
      </div>
      {total === 0 ? (
        <p>{t('emptyPlan')}</p>
      ) : (
        <ScrollTable minWidth={900}>
          <table className="ktp-table ktp-edit-table" aria-describedby="ktp-move-help">
            <ColumnHeads
              names={[t('number'), t('topic'), t('hours'), t('quarter'), t('date'), t('actions')]}
            />
            <tbody>
              {data.lessons.map((l) => (
                <EditRow
                  key={l.uuid}
                  l={l}
                  total={total}
                  t={t}
                  onSaved={onChange}
                  onMove={(x, to, focus) => void move(x, to, focus)}
                  onDragFrom={(uuid) => {
                    dragged.current = uuid;
                  }}
                  onDropAt={(position) => {
                    const from = data.lessons.find((x) => x.uuid === dragged.current);
                    dragged.current = null;
                    if (from) void move(from, position, `ktp-l-${from.uuid}-topic`);
                  }}
                  onNotice={note}
                />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <AddLesson planId={planId} t={t} onSaved={onChange} onNotice={note} />
      <Import planId={planId} t={t} onSaved={onChange} onNotice={note} />
      <DeletePlan data={data} t={t} />
    </div>
  );
}

/** Deletes the whole plan after an inline confirm (the server refuses when pupils answered). */
function DeletePlan({ data, t }: { data: CalendarPlanData; t: T }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    const r = await api.request(
      'DELETE',
      path('calendarPlans.remove', { calendarPlanId: data.plan.id }),
      { handle: 'silent' },
    );
    setBusy(false);
    setConfirming(false);
    if (r.error) setError(failure(r));
    else navigate(ktpPaths.group(data.plan.group.id));
  };
  return (
    <section className="ktp-delete-plan" aria-label={t('deletePlan')}>
      {!confirming ? (
        <div className="ktp-actions">
          <Button
            variant="default"
            type="button"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('deletePlan')}
          </Button>
        </div>
      ) : (
        <InlineConfirm
          action={t('deletePlan')}
          message={t('deletePlanConfirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
          t={t}
        />
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
