import { lazy, Suspense, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useCrumbLabels } from '../../shell/crumb-labels';
import { useParams } from 'react-router-dom';
import type { JournalGrid, JournalSaved } from '@sabaq/platform';
import { api } from '../../app/services';
import { displayDate, download, failure, path, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import '../shared/teaching.css';
import { featureBlockOn } from '../../app/feature-blocks';
import { SubgroupPicker, subgroupTexts } from './SubgroupPicker';
import { ColumnEditor, columnEditorTitle } from './ColumnEditor';
import { subgroupName } from '../shared/subgroups';
import { currentUiLang } from '../../app/services';
import { OFFLINE_TEXTS } from '../../offline/offline-texts';
import type { OutboxWrite } from '../../offline/outbox';
import { useOutbox } from '../../offline/useOutbox';

// The form that adds a SOR/SOCh column (a select and a number field: a fifth of the journal's
// kit bytes) comes when the teacher opens it, not with the grid (issue 29's page weight).
const AssessmentForm = lazy(() => import('./AssessmentForm'));

/** A mark made without the network, waiting in the outbox (issue 31). */
type Queued = { readonly mark: number | null; readonly absent: boolean };

/** The cell (`studentId|lessonId`) a waiting mark belongs to. */
function cellKey(w: OutboxWrite): string {
  const b = w.body as { studentId: number; lessonId: number };
  return `${b.studentId}|${b.lessonId}`;
}

/** What a cell shows: the mark, «н» for an absence, both when both. */
function cellText(mark: number | null, absent: boolean, n: string): string {
  if (absent && mark !== null) return `${mark}${n}`;
  if (absent) return n;
  return mark === null ? '' : String(mark);
}

/** Parses what a teacher typed: '' clears, 1–10 is a mark, 'н'/'n'/'ж' an absence. */
export function parseCell(raw: string): { mark: number | null; absent: boolean } | null {
  const v = raw.trim().toLowerCase();
  if (v === '') return { mark: null, absent: false };
  const m = /^(\d{1,2})?\s*([нnж])?$/.exec(v);
  if (!m || (!m[1] && !m[2])) return null;
  const mark = m[1] ? Number(m[1]) : null;
  if (mark !== null && (mark < 1 || mark > 10)) return null;
  return { mark, absent: Boolean(m[2]) };
}

/** The grid with one saved cell (a mark or points) and its pupil's new quarter result. */
function withSaved(grid: JournalGrid, saved: JournalSaved): JournalGrid {
  return {
    ...grid,
    rows: grid.rows.map((r) => {
      if (r.student.id !== saved.studentId) return r;
      const cells =
        saved.lessonId === null
          ? r.cells
          : r.cells.map((c) =>
              c.lessonId === saved.lessonId
                ? { lessonId: c.lessonId, mark: saved.mark, absent: saved.absent }
                : c,
            );
      const points = { ...r.points };
      if (saved.assessmentId !== null) {
        if (saved.points === null) delete points[String(saved.assessmentId)];
        else points[String(saved.assessmentId)] = saved.points;
      }
      return { ...r, cells, points, result: saved.result };
    }),
  };
}

/**
 * control/journal/groups/{groupId}/{subjectId}/{subgroupId?}: students × lesson dates, keyboard
 * entry like a spreadsheet (Enter/arrows/Tab move; each cell is saved as you leave it), SOR/SOCh
 * points, and the quarter result recomputed by the server after every save.
 */
export default function Grid() {
  const t = teachingText();
  const p = useParams();
  const groupId = Number(p.groupId);
  const subjectId = Number(p.subjectId);
  const subgroupId = p.subgroupId ? Number(p.subgroupId) : undefined;
  const [periodId, setPeriodId] = useState<number | undefined>(undefined);
  const periods = useLoad<{ id: number; name: string; is_current: boolean }[]>(
    path('journal.periods'),
  );
  const url = path('journal.grid', { groupId, subjectId });
  // The current period unless another is picked (the session's X-Quarter is not a choice here).
  const chosen = periodId ?? periods.data?.find((x) => x.is_current)?.id ?? periods.data?.[0]?.id;
  const g = useLoad<JournalGrid>(periods.data ? url : null, { subgroupId, periodId: chosen });
  // The trail names the class and the subject («7А / Алгебра»), not «Сынып / Пән» (issue 29).
  useCrumbLabels({ 'journal-group': g.data?.group.name, 'journal-subject': g.data?.subject.name });
  const [state, setState] = useState<Record<string, 'saving' | 'bad'>>({});
  // Each refused cell's message, shown at that cell (and tied to its input).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setError = (key: string, text: string | null) =>
    setErrors((e) => {
      const n = { ...e };
      if (text === null) delete n[key];
      else n[key] = text;
      return n;
    });
  const table = useRef<HTMLTableElement>(null);
  const [adding, setAdding] = useState(false);
  const [column, setColumn] = useState(false);

  const focus = (row: number, col: number) => {
    const el = table.current?.querySelector<HTMLInputElement>(
      `input[data-r="${row}"][data-c="${col}"]`,
    );
    el?.focus();
    el?.select();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const moves: Record<string, [number, number]> = {
      Enter: [1, 0],
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const mv = moves[e.key];
    if (!mv) return;
    // Arrows inside a longer text keep moving the caret; a short cell moves to the next one.
    e.preventDefault();
    e.currentTarget.blur();
    focus(row + mv[0], col + mv[1]);
  };

  // Issue 31: marks made offline wait in the outbox; the grid shows them, marked as waiting, until
  // they reach the server (then the grid is read again), across reloads too.
  const scope = `journal:${groupId}:${subjectId}`;
  const reloadGrid = g.reload;
  const mine = useOutbox(scope, {
    // Sent, or met a conflict: the grid reads the server's values again.
    onSent: () => void reloadGrid(),
    // Refused once the link was back (the lesson gone, the pupil moved…): said at the cell like
    // any refused mark, then dropped from the outbox.
    onRefused: (w) => {
      const key = cellKey(w);
      setState((s) => ({ ...s, [key]: 'bad' }));
      setError(key, w.refused ?? null);
    },
  });
  // Writes whose cell someone else changed meanwhile: both values shown, the teacher chooses.
  const conflicts = useMemo(() => mine.filter((w) => w.conflict), [mine]);
  const queued = useMemo(() => {
    const next: Record<string, Queued> = {};
    for (const w of mine) {
      if (w.conflict) continue;
      const b = w.body as Queued;
      next[cellKey(w)] = { mark: b.mark, absent: b.absent };
    }
    return next;
  }, [mine]);

  const applySaved = (...saved: JournalSaved[]) => {
    if (!g.data) return;
    g.set(saved.reduce(withSaved, g.data));
  };

  /** Keeps the teacher's value over the one someone else set: sent again, knowing it. */
  const keepMine = async (w: OutboxWrite) => {
    const outbox = await import('../../offline/outbox');
    const theirs = { mark: w.conflict!.mark, absent: w.conflict!.absent };
    const { conflict: _settled, ...rest } = w;
    await outbox.replace({
      ...rest,
      opId: outbox.newOpId(),
      body: { ...(w.body as object), expected: theirs },
    });
  };
  /** Gives the teacher's value up for the one on the server. */
  const takeTheirs = async (w: OutboxWrite) => {
    const outbox = await import('../../offline/outbox');
    await outbox.discard(w.seq!);
    void reloadGrid();
  };

  const saveMark = async (
    studentId: number,
    lessonId: number,
    raw: string,
    before: string,
    server: Queued,
  ) => {
    const key = `${studentId}|${lessonId}`;
    if (raw.trim() === before) return;
    const parsed = parseCell(raw);
    if (!parsed) {
      setState((s) => ({ ...s, [key]: 'bad' }));
      setError(key, t('badMark'));
      return;
    }
    setState((s) => ({ ...s, [key]: 'saving' }));
    // The subgroup page: the server refuses a pupil who is not one of its members.
    const body = { lessonId, studentId, ...parsed, ...(subgroupId ? { subgroupId } : {}) };
    const outbox = await import('../../offline/outbox');
    // One id for this write, whether it goes now or from the outbox later: applied once.
    const opId = outbox.newOpId();
    const r = await api.put<{ data: JournalSaved }>(path('journal.mark'), body, {
      handle: 'form',
      headers: { 'X-Client-Op': opId },
    });
    if (r.error && r.errorType === 'network') {
      // No network: kept on this device and sent when the link is back (issue 31).
      // With the cell as last read: if someone else changes it meanwhile, the server says so.
      await outbox.enqueue({
        opId,
        method: 'PUT',
        path: path('journal.mark'),
        body: { ...body, expected: server },
        scope,
      });
      setState((s) => {
        const n = { ...s };
        delete n[key];
        return n;
      });
      setError(key, null);
      return;
    }
    setState((s) => {
      const n = { ...s };
      if (r.error) n[key] = 'bad';
      else delete n[key];
      return n;
    });
    if (r.error) setError(key, failure(r));
    else {
      setError(key, null);
      applySaved(r.data.data);
    }
  };

  const savePoints = async (
    studentId: number,
    assessmentId: number,
    max: number,
    raw: string,
    before: string,
  ) => {
    const key = `${studentId}|a${assessmentId}`;
    if (raw.trim() === before) return;
    const v = raw.trim() === '' ? null : Number(raw.replace(',', '.'));
    if (v !== null && (!Number.isFinite(v) || v < 0 || v > max)) {
      setState((s) => ({ ...s, [key]: 'bad' }));
      setError(key, t('badPoints', { max }));
      return;
    }
    setState((s) => ({ ...s, [key]: 'saving' }));
    const r = await api.put<{ data: JournalSaved }>(
      path('journal.assessmentMark', { assessmentId }),
      { studentId, points: v, ...(subgroupId ? { subgroupId } : {}) },
      { handle: 'form' },
    );
    setState((s) => {
      const n = { ...s };
      if (r.error) n[key] = 'bad';
      else delete n[key];
      return n;
    });
    if (r.error) setError(key, failure(r));
    else {
      setError(key, null);
      applySaved(r.data.data);
    }
  };

  if (g.error) return <p role="alert">{g.error}</p>;
  const d = g.data;
  if (!d) return <p>{t('loading')}</p>;
  const n = t('absentMark');
  const cfg = d.config;
  const kindLabel = (k: 'sor' | 'soch') => t(k);
  const cellClass = (key: string) =>
    state[key] === 'saving' ? 'tch-saving' : state[key] === 'bad' ? 'tch-bad' : undefined;
  /** The refused cell's message, under its input; the input names it with aria-describedby. */
  const cellError = (key: string, id: string) =>
    errors[key] ? (
      <span id={id} role="alert" className="tch-cell-error">
        {errors[key]}
      </span>
    ) : null;
  const errId = (ri: number, col: number) => `grid-err-${ri}-${col}`;
  return (
    <section className="tch-page" aria-labelledby="grid-h">
      <Title order={1} id="grid-h">
        {d.group.name} · {d.subject.name}
        {d.subgroup ? ` · ${subgroupName(d.subgroup.name, currentUiLang())}` : ''}
      </Title>
      <SubgroupPicker
        groupId={groupId}
        subjectId={subjectId}
        subgroups={d.subgroups}
        current={d.subgroup?.id ?? null}
      >
        <Group gap="sm" wrap="wrap" align="flex-end">
          <NativeSelect
            label={t('period')}
            value={String(d.period.id)}
            onChange={(e) => setPeriodId(Number(e.currentTarget.value))}
            data={(periods.data ?? []).map((x) => ({
              value: String(x.id),
              label: x.is_current ? `${x.name} (${t('current')})` : x.name,
            }))}
            w={{ base: '100%', sm: 240 }}
          />
          {featureBlockOn('export') && (
            <Button
              variant="default"
              leftSection={<IconDownload size={18} stroke={1.75} aria-hidden />}
              onClick={() =>
                void download(
                  `${url}/export?periodId=${d.period.id}${subgroupId ? `&subgroupId=${subgroupId}` : ''}`,
                  `${d.group.name}-${d.subject.name}-${d.period.quarter}.xlsx`,
                )
              }
            >
              {t('exportXlsx')}
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconPlus size={18} stroke={1.75} aria-hidden />}
            onClick={() => setAdding((x) => !x)}
            aria-expanded={adding}
          >
            {t('addAssessment')}
          </Button>
          <Button variant="light" onClick={() => setColumn((x) => !x)} aria-expanded={column}>
            {columnEditorTitle()}
          </Button>
        </Group>
        {column && (
          <ColumnEditor
            grid={d}
            {...(subgroupId ? { subgroupId } : {})}
            onSaved={(cells) => applySaved(...cells)}
          />
        )}
        {adding && (
          <Suspense fallback={<Loader size="sm" aria-label={t('loading')} />}>
            <AssessmentForm
              groupId={groupId}
              subjectId={subjectId}
              subgroupId={subgroupId ?? null}
              onDone={async () => {
                setAdding(false);
                await g.reload();
              }}
            />
          </Suspense>
        )}
        <Text c="var(--sabaq-muted)" size="sm" id="grid-help">
          {t('journalHelp')}
        </Text>
        <Text c="var(--sabaq-muted)" size="sm">
          {t('formula', { f: cfg.weights.formative, s: cfg.weights.sor, c: cfg.weights.soch })}
        </Text>
        {d.subgroup && d.rows.length === 0 && <p>{subgroupTexts().empty}</p>}
        {conflicts.length > 0 && (
          <Conflicts writes={conflicts} grid={d} onKeep={keepMine} onTake={takeTheirs} />
        )}
        <div className="tch-grid" role="region" aria-labelledby="grid-h" tabIndex={0}>
          <table className="tch-table tch-journal" ref={table} aria-describedby="grid-help">
            <thead>
              <tr>
                <th scope="col">{t('student')}</th>
                {d.lessons.map((l) => (
                  <th key={l.id} scope="col" title={l.theme}>
                    {displayDate(l.date).slice(0, 5)}
                  </th>
                ))}
                {d.assessments.map((a) => (
                  <th key={`a${a.id}`} scope="col" title={`${a.title} (${displayDate(a.date)})`}>
                    {kindLabel(a.kind)} /{a.maxPoints}
                  </th>
                ))}
                <th scope="col">{t('formative')}, %</th>
                <th scope="col">{t('sor')}, %</th>
                <th scope="col">{t('soch')}, %</th>
                <th scope="col">{t('total')}</th>
                <th scope="col">{t('quarterGrade')}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r, ri) => (
                <tr key={r.student.id}>
                  <th scope="row">{r.student.fullname}</th>
                  {r.cells.map((c, ci) => {
                    const key = `${r.student.id}|${c.lessonId}`;
                    const waiting = queued[key];
                    const shown = waiting
                      ? cellText(waiting.mark, waiting.absent, n)
                      : cellText(c.mark, c.absent, n);
                    return (
                      <td
                        key={c.lessonId}
                        className={waiting ? 'tch-queued' : cellClass(key)}
                        title={waiting ? OFFLINE_TEXTS[currentUiLang()].queued : undefined}
                        data-queued={waiting ? 'true' : undefined}
                      >
                        <input
                          key={shown}
                          data-r={ri}
                          data-c={ci}
                          defaultValue={shown}
                          inputMode="numeric"
                          maxLength={3}
                          aria-label={`${r.student.fullname}, ${displayDate(d.lessons[ci]?.date ?? '')}`}
                          aria-invalid={state[key] === 'bad' ? true : undefined}
                          aria-describedby={errors[key] ? errId(ri, ci) : undefined}
                          onFocus={(e) => e.currentTarget.select()}
                          onKeyDown={(e) => onKey(e, ri, ci)}
                          onBlur={(e) =>
                            void saveMark(r.student.id, c.lessonId, e.currentTarget.value, shown, {
                              mark: c.mark,
                              absent: c.absent,
                            })
                          }
                        />
                        {cellError(key, errId(ri, ci))}
                      </td>
                    );
                  })}
                  {d.assessments.map((a, ai) => {
                    const key = `${r.student.id}|a${a.id}`;
                    const shown =
                      r.points[String(a.id)] === undefined ? '' : String(r.points[String(a.id)]);
                    const col = r.cells.length + ai;
                    return (
                      <td key={`a${a.id}`} className={cellClass(key)}>
                        <input
                          key={shown}
                          data-r={ri}
                          data-c={col}
                          defaultValue={shown}
                          inputMode="decimal"
                          maxLength={5}
                          aria-label={`${r.student.fullname}, ${kindLabel(a.kind)} ${a.title}`}
                          aria-invalid={state[key] === 'bad' ? true : undefined}
                          aria-describedby={errors[key] ? errId(ri, col) : undefined}
                          onFocus={(e) => e.currentTarget.select()}
                          onKeyDown={(e) => onKey(e, ri, col)}
                          onBlur={(e) =>
                            void savePoints(
                              r.student.id,
                              a.id,
                              a.maxPoints,
                              e.currentTarget.value,
                              shown,
                            )
                          }
                        />
                        {cellError(key, errId(ri, col))}
                      </td>
                    );
                  })}
                  <td>{r.result.formative ?? ''}</td>
                  <td>{r.result.sor ?? ''}</td>
                  <td>{r.result.soch ?? ''}</td>
                  <td>{r.result.total ?? ''}</td>
                  <td data-testid={`grade-${r.student.id}`}>
                    <strong>{r.result.grade ?? ''}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SubgroupPicker>
    </section>
  );
}

/**
 * Marks made offline whose cell someone else changed meanwhile (issue 31): each shows both values
 * and who set the other; the teacher keeps theirs or takes the other. Nothing is decided for them.
 */
function Conflicts({
  writes,
  grid,
  onKeep,
  onTake,
}: {
  writes: readonly OutboxWrite[];
  grid: JournalGrid;
  onKeep: (w: OutboxWrite) => void;
  onTake: (w: OutboxWrite) => void;
}) {
  const o = OFFLINE_TEXTS[currentUiLang()];
  const n = teachingText()('absentMark');
  const value = (v: Queued) => cellText(v.mark, v.absent, n) || o.empty;
  return (
    <Alert color="orange" title={o.conflictTitle} data-testid="journal-conflicts">
      <ul className="tch-conflicts">
        {writes.map((w) => {
          const b = w.body as { studentId: number; lessonId: number } & Queued;
          const pupil = grid.rows.find((r) => r.student.id === b.studentId)?.student.fullname ?? '';
          const date = grid.lessons.find((l) => l.id === b.lessonId)?.date;
          const row = o.conflictRow
            .replace('{cell}', `${pupil}, ${date ? displayDate(date) : ''}`)
            .replace('{by}', w.conflict!.by)
            .replace('{theirs}', value(w.conflict!))
            .replace('{mine}', value(b));
          return (
            <li key={w.seq}>
              <span>{row}</span>
              <Group gap="xs" component="span">
                <Button size="compact-sm" onClick={() => onKeep(w)}>
                  {o.keepMine}
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => onTake(w)}>
                  {o.takeTheirs}
                </Button>
              </Group>
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
