import { useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import type { JournalColumnSaved, JournalGrid, JournalSaved, UiLang } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import { displayDate, failure, path } from '../shared/api';
import { parseCell } from './Grid';

/** Texts of the column editor in both languages. */
const TEXTS = {
  kz: {
    title: 'Бағанды толтыру',
    column: 'Баған',
    help: 'Кестедегі бағанды көшіріп, бірінші жолға қойыңыз, немесе теріп, Enter басып төмен түсіңіз. Бос ұяшық тазаланады; «н» — қатыспады.',
    sor: 'БЖБ',
    soch: 'ТЖБ',
    save: 'Бағанды сақтау',
    saved: (n: number) => `Сақталды: ${n} жол`,
    badMark: 'Баға 1-ден 10-ға дейін, «н» — қатыспады',
    badPoints: (max: number) => `Балл 0-ден ${max}-ға дейін`,
    nothing: 'Өзгеріс жоқ',
  },
  ru: {
    title: 'Заполнить столбец',
    column: 'Столбец',
    help: 'Скопируйте столбец из таблицы и вставьте в первую строку, или вводите и нажимайте Enter, чтобы перейти вниз. Пустая ячейка очищается; «н» — отсутствовал.',
    sor: 'СОР',
    soch: 'СОЧ',
    save: 'Сохранить столбец',
    saved: (n: number) => `Сохранено строк: ${n}`,
    badMark: 'Оценка от 1 до 10, «н» — отсутствовал',
    badPoints: (max: number) => `Баллы от 0 до ${max}`,
    nothing: 'Нет изменений',
  },
} as const satisfies Record<UiLang, unknown>;

/** The editor's title (also the journal's button that opens it). */
export function columnEditorTitle(lang: UiLang = currentUiLang()): string {
  return TEXTS[lang].title;
}

type Target = { kind: 'lesson'; id: number } | { kind: 'assessment'; id: number; max: number };

/** What a pupil's cell of the column holds now, as the editor shows it. */
function shownValue(row: JournalGrid['rows'][number], target: Target): string {
  if (target.kind === 'assessment') {
    const p = row.points[String(target.id)];
    return p === undefined ? '' : String(p);
  }
  const c = row.cells.find((x) => x.lessonId === target.id);
  if (!c) return '';
  if (c.absent && c.mark !== null) return `${c.mark}н`;
  if (c.absent) return 'н';
  return c.mark === null ? '' : String(c.mark);
}

/**
 * A whole column of the journal in one request (PUT journal/columns, issue 27): one lesson's marks
 * or one SOR/SOCh's points for every pupil of the page, one transaction. Pasting a spreadsheet
 * column into a row fills it and the rows below; Enter moves down. The server names every row it
 * refuses (nothing is written then); each message shows under its row.
 */
export function ColumnEditor({
  grid,
  subgroupId,
  onSaved,
  lang = currentUiLang(),
}: {
  grid: JournalGrid;
  subgroupId?: number;
  onSaved: (cells: JournalSaved[]) => void;
  lang?: UiLang;
}) {
  const t = TEXTS[lang];
  const options = [
    ...grid.lessons.map((l) => ({ value: `l${l.id}`, label: displayDate(l.date) })),
    ...grid.assessments.map((a) => ({
      value: `a${a.id}`,
      label: `${a.kind === 'sor' ? t.sor : t.soch}: ${a.title}`,
    })),
  ];
  const [choice, setChoice] = useState(options[0]?.value ?? '');
  const target: Target | null = (() => {
    const id = Number(choice.slice(1));
    if (choice.startsWith('l')) return { kind: 'lesson', id };
    const a = grid.assessments.find((x) => x.id === id);
    return a ? { kind: 'assessment', id, max: a.maxPoints } : null;
  })();
  const initial = () => grid.rows.map((r) => (target ? shownValue(r, target) : ''));
  const [values, setValues] = useState<string[]>(initial);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const pick = (value: string) => {
    setChoice(value);
    const id = Number(value.slice(1));
    const next: Target | null = value.startsWith('l')
      ? { kind: 'lesson', id }
      : { kind: 'assessment', id, max: 0 };
    setValues(grid.rows.map((r) => (next ? shownValue(r, next) : '')));
    setRowErrors({});
    setStatus(null);
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[\r\n\t]/.test(text)) return;
    e.preventDefault();
    const lines = text.replace(/\r/g, '').replace(/\n$/, '').split(/\n|\t/);
    setValues((old) =>
      old.map((v, j) => (j >= i && j - i < lines.length ? lines[j - i]!.trim() : v)),
    );
  };
  const onKey = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    inputs.current[i + 1]?.focus();
  };

  const save = async () => {
    if (!target) return;
    const errors: Record<number, string> = {};
    const cells: Record<string, unknown>[] = [];
    const rowOf: number[] = [];
    grid.rows.forEach((r, i) => {
      const raw = (values[i] ?? '').trim();
      if (raw === shownValue(r, target)) return;
      if (target.kind === 'lesson') {
        const parsed = parseCell(raw);
        if (!parsed) errors[i] = t.badMark;
        else cells.push({ studentId: r.student.id, ...parsed });
      } else {
        const v = raw === '' ? null : Number(raw.replace(',', '.'));
        if (v !== null && (!Number.isFinite(v) || v < 0 || v > target.max))
          errors[i] = t.badPoints(target.max);
        else cells.push({ studentId: r.student.id, points: v });
      }
      rowOf.push(i);
    });
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return setStatus(null);
    if (cells.length === 0) return setStatus({ ok: true, text: t.nothing });
    setBusy(true);
    const r = await api.put<{ data: JournalColumnSaved }>(
      path('journal.column'),
      {
        ...(target.kind === 'lesson' ? { lessonId: target.id } : { assessmentId: target.id }),
        ...(subgroupId ? { subgroupId } : {}),
        cells,
      },
      { handle: 'form' },
    );
    setBusy(false);
    if (r.error) {
      // `cells.<i>.<field>` names the i-th sent row: put each message under its pupil.
      const named: Record<number, string> = {};
      for (const [field, list] of Object.entries(r.data?.errors ?? {})) {
        const m = /^cells\.(\d+)\./.exec(field);
        const row = m ? rowOf[Number(m[1])] : undefined;
        if (row !== undefined) named[row] = [named[row], ...list].filter(Boolean).join(' ');
      }
      setRowErrors(named);
      setStatus({ ok: false, text: r.data?.message ?? failure(r) });
      return;
    }
    onSaved(r.data.data.cells);
    setStatus({ ok: true, text: t.saved(r.data.data.cells.length) });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="column-editor-h">
      <Text fw={600} id="column-editor-h" mb="xs">
        {t.title}
      </Text>
      <Text size="sm" c="var(--sabaq-muted)" mb="xs">
        {t.help}
      </Text>
      <NativeSelect
        label={t.column}
        value={choice}
        onChange={(e) => pick(e.currentTarget.value)}
        data={options}
        w={{ base: '100%', sm: 280 }}
        mb="sm"
      />
      <ol className="tch-column-list">
        {grid.rows.map((r, i) => (
          <li key={r.student.id}>
            <TextInput
              label={r.student.fullname}
              value={values[i] ?? ''}
              ref={(el) => {
                inputs.current[i] = el;
              }}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((old) => old.map((x, j) => (j === i ? v : x)));
              }}
              onPaste={(e) => onPaste(i, e)}
              onKeyDown={(e) => onKey(i, e)}
              error={rowErrors[i]}
              size="xs"
              w={{ base: '100%', sm: 320 }}
            />
          </li>
        ))}
      </ol>
      <Group mt="sm">
        <Button onClick={() => void save()} loading={busy}>
          {t.save}
        </Button>
      </Group>
      {status && (
        <Alert mt="sm" color={status.ok ? 'green' : 'red'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </Alert>
      )}
    </Paper>
  );
}
