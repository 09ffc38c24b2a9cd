import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ExamMonitor as Monitor } from '@sabaq/platform';
import { ExamMonitor } from './ExamMonitor';

const person = (id: number, fullname: string) => ({ id, fullname });
const monitor = (retaken: boolean): Monitor => ({
  limitMinutes: 40,
  serverNow: '2026-11-23T05:10:00.000Z',
  rows: [
    {
      student: person(1, 'Әлиев Арман'),
      state: 'inProgress',
      startedAt: '2026-11-23T05:00:00.000Z',
      deadlineAt: '2026-11-23T05:40:00.000Z',
      finishedAt: null,
      online: true,
      retakes: [],
    },
    {
      student: person(2, 'Бекова Дана'),
      state: 'inProgress',
      startedAt: '2026-11-23T05:02:00.000Z',
      deadlineAt: '2026-11-23T05:42:00.000Z',
      finishedAt: null,
      online: false,
      retakes: [],
    },
    {
      student: person(3, 'Жанов Ерлан'),
      state: retaken ? 'notStarted' : 'submitted',
      startedAt: null,
      deadlineAt: null,
      finishedAt: retaken ? null : '2026-11-23T05:08:00Z',
      online: false,
      retakes: retaken ? [{ reason: 'Интернет үзілді', grantedAt: '2026-11-23T05:11:00Z' }] : [],
    },
    {
      student: person(4, 'Қасымова Әйгерім'),
      state: 'notStarted',
      startedAt: null,
      deadlineAt: null,
      finishedAt: null,
      online: false,
      retakes: [],
    },
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe("the teacher's live view of a SOR (issue 20)", () => {
  it('shows who works (online or not), who handed in and who has not started; allows a retake with a reason', async () => {
    let retaken = false;
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST') {
          posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
          retaken = true;
          return Response.json({
            data: { userId: 3, reason: 'Интернет үзілді', grantedAt: '2026-11-23T05:11:00Z' },
          });
        }
        return Response.json({ data: monitor(retaken) });
      }),
    );
    render(<ExamMonitor scheduleId={11} />, { wrapper: MantineProvider });
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(row('Әлиев Арман').textContent).toContain('Орындап жатыр');
    expect(row('Әлиев Арман').textContent).toContain('Сабақта');
    expect(row('Әлиев Арман').textContent).toContain('10:00–10:40');
    expect(row('Бекова Дана').textContent).toContain('Желіден тыс');
    expect(row('Жанов Ерлан').textContent).toContain('Тапсырды');
    expect(row('Қасымова Әйгерім').textContent).toContain('Бастамады');
    const user = userEvent.setup();
    const reason = within(row('Жанов Ерлан')).getByRole('textbox', { name: 'Себебі: Жанов Ерлан' });
    const allow = within(row('Жанов Ерлан')).getByRole('button', {
      name: 'Қайта тапсыруға рұқсат беру',
    });
    expect((allow as HTMLButtonElement).disabled).toBe(true);
    await user.type(reason, 'Интернет үзілді');
    await user.click(allow);
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/v2/os/schedule/lesson/11/exam-retake',
          body: { userId: 3, reason: 'Интернет үзілді' },
        },
      ]),
    );
    expect(await within(table).findByText('Рұқсат берілді: Интернет үзілді')).toBeTruthy();
    expect(row('Жанов Ерлан').textContent).toContain('Бастамады');
  });
});
