import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUARTER_GRADE_CONFIG } from '@sabaq/platform';
import type { JournalGrid, JournalSaved } from '@sabaq/platform';
import { ColumnEditor } from './ColumnEditor';

const empty = { formative: null, sor: null, soch: null, total: null, grade: null };
const names = ['Серікбаев Әлихан', 'Нұрланова Айару', 'Омаров Данияр'];
const grid: JournalGrid = {
  group: { id: 7, name: '7А' },
  subject: { id: 5, name: 'Алгебра' },
  subgroup: null,
  subgroups: [],
  period: {
    id: 2,
    name: 'II тоқсан',
    quarter: 2,
    startDate: '2026-11-03',
    endDate: '2026-12-28',
    is_current: true,
  },
  lessons: [{ id: 101, date: '2026-11-03', theme: '' }],
  assessments: [{ id: 9, kind: 'sor', title: 'Теңдеулер', maxPoints: 20, date: '2026-11-10' }],
  rows: names.map((fullname, i) => ({
    student: { id: i + 1, fullname },
    cells: [{ lessonId: 101, mark: i === 2 ? 6 : null, absent: false }],
    points: {},
    result: empty,
  })),
  config: {
    ...QUARTER_GRADE_CONFIG,
    weights: { ...QUARTER_GRADE_CONFIG.weights },
    bands: [...QUARTER_GRADE_CONFIG.bands],
  },
} as JournalGrid;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mount(onSaved: (cells: JournalSaved[]) => void, lang: 'kz' | 'ru' = 'kz') {
  render(
    <MantineProvider>
      <ColumnEditor grid={grid} onSaved={onSaved} lang={lang} />
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the journal column editor', () => {
  it('fills rows from a pasted spreadsheet column, moves down on Enter and saves the column in one request', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        expect(url.pathname).toBe('/api/v2/os/journal/columns');
        expect(init?.method).toBe('PUT');
        const body = JSON.parse(String(init?.body)) as {
          lessonId: number;
          cells: { studentId: number; mark: number | null; absent: boolean }[];
        };
        bodies.push(body);
        return json(200, {
          data: {
            cells: body.cells.map((c) => ({
              studentId: c.studentId,
              lessonId: body.lessonId,
              assessmentId: null,
              mark: c.mark,
              absent: c.absent,
              points: null,
              result: { ...empty, formative: 80, grade: 4 },
            })),
          },
        });
      }),
    );
    const onSaved = vi.fn();
    mount(onSaved);
    const user = userEvent.setup();
    const first = screen.getByLabelText(names[0]!);
    await user.click(first);
    await user.paste('8\nн\n');
    expect(value(names[0]!)).toBe('8');
    expect(value(names[1]!)).toBe('н');
    // The third row keeps what it held; typing and Enter move down.
    expect(value(names[2]!)).toBe('6');
    await user.click(screen.getByLabelText(names[1]!));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText(names[2]!));
    await user.clear(screen.getByLabelText(names[2]!));
    await user.type(screen.getByLabelText(names[2]!), '9');
    await user.click(screen.getByRole('button', { name: 'Бағанды сақтау' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(bodies).toEqual([
      {
        lessonId: 101,
        cells: [
          { studentId: 1, mark: 8, absent: false },
          { studentId: 2, mark: null, absent: true },
          { studentId: 3, mark: 9, absent: false },
        ],
      },
    ]);
    expect(onSaved.mock.calls[0]![0]).toHaveLength(3);
    expect((await screen.findByRole('status')).textContent).toContain('Сақталды: 3 жол');
  });

  it('shows each refused row under its pupil and a bad value before sending anything (ru)', async () => {
    const fetch = vi.fn(async () =>
      json(422, {
        message: 'Не удалось сохранить строк столбца: 1; ничего не записано',
        errors: { 'cells.0.studentId': ['Ученик не из этого класса'] },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    mount(onSaved, 'ru');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(names[0]!), '11');
    await user.click(screen.getByRole('button', { name: 'Сохранить столбец' }));
    expect(await screen.findByText('Оценка от 1 до 10, «н» — отсутствовал')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(names[0]!));
    await user.type(screen.getByLabelText(names[1]!), '7');
    await user.click(screen.getByRole('button', { name: 'Сохранить столбец' }));
    // The only row sent was the second pupil's: the server's cells.0 is shown under that row.
    expect(
      await screen.findByText('Ученик не из этого класса', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByLabelText(names[1]!).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('ничего не записано');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
