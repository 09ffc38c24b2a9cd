import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ExamAttempt, ExamWindow, Lesson as LessonT } from '@sabaq/platform';
import Lesson from './Lesson';
import { AttemptResult } from './Exam';
import { testLesson } from './test-lesson';
import { parseSchoolDateTime, schoolDateTime } from '../shared/api';

/** Lesson 3 of 18.11.2026: 09:40–10:20 in Kazakhstan time (04:40–05:20 UTC). */
const bells: ExamWindow = {
  opensAt: '2026-11-18T04:40:00.000Z',
  closesAt: '2026-11-18T05:20:00.000Z',
  custom: false,
  state: 'before',
  showKeys: false,
  graceMinutes: 5,
};

type Content = NonNullable<LessonT['content']>;
const sor: Content = { draftId: 'sor-1', type: 'sor', title: 'БЖБ: теңдеулер', version: 12 };

const lessonData = (canManage: boolean, content: Content = sor) => ({
  lesson: testLesson({ content }),
  canManage,
  examWindow: bells,
  homework: [],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The lesson page against a stubbed server; `put` answers the exam-window PUTs. */
function renderLesson(
  canManage: boolean,
  put: (body: Record<string, unknown>) => Response,
  content?: Content,
) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/exam-window') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        return put(body);
      }
      if (url.pathname === '/api/v2/os/schedule/lesson/11')
        return json({ data: lessonData(canManage, content) });
      if (url.pathname === '/api/v2/os/schedule/published-content') return json({ data: [] });
      if (url.pathname.includes('calendar-plan')) return json({ data: null });
      return json({ data: [] });
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/kk/schedule/lesson/11']}>
        <Routes>
          <Route path="/:lang/schedule/lesson/:scheduleId/:tab?" element={<Lesson />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('school time', () => {
  it('reads and writes DD.MM.YYYY HH:MM in Kazakhstan time (UTC+5), refusing unreal times', () => {
    expect(schoolDateTime('2026-11-18T04:40:00.000Z')).toBe('18.11.2026 09:40');
    expect(schoolDateTime('2026-11-18T20:30:00Z')).toBe('19.11.2026 01:30');
    expect(parseSchoolDateTime(' 18.11.2026 09:40 ')).toBe('2026-11-18T09:40:00+05:00');
    for (const bad of ['31.02.2026 09:00', '18.11.2026 25:00', '2026-11-18 09:40', '18.11.26 9:40'])
      expect(parseSchoolDateTime(bad), bad).toBeNull();
  });
});

describe("the lesson's exam window (staff)", { timeout: 20_000 }, () => {
  it('shows the window in school time and saves a new one with the answers switch', async () => {
    const sent = renderLesson(true, (body) =>
      json({
        data: {
          opensAt: '2026-11-19T03:00:00.000Z',
          closesAt: '2026-11-19T05:30:00.000Z',
          custom: true,
          state: 'before',
          showKeys: body.showKeys,
        },
      }),
    );
    const form = await screen.findByRole('region', { name: 'БЖБ/ТЖБ орындау уақыты' });
    const user = userEvent.setup();
    expect(within(form).getByTestId('exam-window-now').textContent).toBe(
      '18.11.2026 09:40 – 18.11.2026 10:20 (сабақ уақыты бойынша), әлі ашылған жоқ',
    );
    const opens = within(form).getByRole('textbox', { name: /Ашылады/ });
    const closes = within(form).getByRole('textbox', { name: /Жабылады/ });
    expect((opens as HTMLInputElement).value).toBe('18.11.2026 09:40');
    const save = within(form).getByRole('button', { name: 'Уақытты сақтау' });

    // Bad input: kz messages at the fields, nothing sent, nothing typed lost.
    await user.clear(opens);
    await user.type(opens, '31.02.2026 08:00');
    await user.click(save);
    expect(await within(form).findByText(/КК\.АА\.ЖЖЖЖ СС:ММ түрінде/)).toBeTruthy();
    expect((opens as HTMLInputElement).value).toBe('31.02.2026 08:00');
    await user.clear(opens);
    await user.type(opens, '19.11.2026 08:00');
    await user.clear(closes);
    await user.click(save);
    expect(await within(form).findByText(/Басы мен соңын бірге жазыңыз/)).toBeTruthy();
    await user.type(closes, '19.11.2026 07:00');
    await user.click(save);
    expect(await within(form).findByText(/кейін болуы керек/)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(closes);
    await user.type(closes, '19.11.2026 10:30');
    await user.click(within(form).getByRole('switch', { name: /дұрыс жауаптарды көрсету/ }));
    await user.click(save);
    expect(await within(form).findByRole('status')).toHaveProperty(
      'textContent',
      'БЖБ/ТЖБ уақыты сақталды',
    );
    expect(sent).toEqual([
      {
        opensAt: '2026-11-19T08:00:00+05:00',
        closesAt: '2026-11-19T10:30:00+05:00',
        showKeys: true,
      },
    ]);
    expect(within(form).getByTestId('exam-window-now').textContent).toContain(
      '19.11.2026 08:00 – 19.11.2026 10:30 (мұғалім белгілеген)',
    );
  });

  it('picking the day and time in the calendar sends what typing them does', async () => {
    const sent = renderLesson(true, (body) =>
      json({
        data: {
          opensAt: body.opensAt,
          closesAt: body.closesAt,
          custom: true,
          state: 'before',
          showKeys: false,
        },
      }),
    );
    const form = await screen.findByRole('region', { name: 'БЖБ/ТЖБ орындау уақыты' });
    const user = userEvent.setup();
    const opens = within(form).getByRole('textbox', { name: /Ашылады/ });
    const closes = within(form).getByRole('textbox', { name: /Жабылады/ });
    await user.click(within(form).getByRole('button', { name: /^Күнтізбені ашу: Ашылады/ }));
    let calendar = await screen.findByRole('dialog');
    // A day picked keeps the time already in the field.
    await user.click(await within(calendar).findByRole('button', { name: '19 қараша 2026' }));
    expect((opens as HTMLInputElement).value).toBe('19.11.2026 09:40');
    const hours = within(calendar).getByRole('spinbutton', { name: 'Сағат' });
    const minutes = within(calendar).getByRole('spinbutton', { name: 'Минут' });
    // The kit's time picker: ↓ steps the hours, digits are typed into the minutes.
    await user.click(hours);
    await user.keyboard('{ArrowDown}');
    expect((opens as HTMLInputElement).value).toBe('19.11.2026 08:40');
    await user.click(minutes);
    await user.keyboard('00');
    expect((opens as HTMLInputElement).value).toBe('19.11.2026 08:00');
    await user.click(within(calendar).getByRole('button', { name: 'Дайын' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus is back on the button that opened the calendar.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Күнтізбені ашу: Ашылады');
    // The close typed as before.
    await user.clear(closes);
    await user.type(closes, '19.11.2026 10:30');
    await user.click(within(form).getByRole('button', { name: 'Уақытты сақтау' }));
    await within(form).findByRole('status');
    expect(sent).toEqual([
      {
        opensAt: '2026-11-19T08:00:00+05:00',
        closesAt: '2026-11-19T10:30:00+05:00',
        showKeys: false,
      },
    ]);
    // Reopened, the calendar shows the saved day.
    await user.click(within(form).getByRole('button', { name: /^Күнтізбені ашу: Жабылады/ }));
    calendar = await screen.findByRole('dialog');
    expect(
      within(calendar)
        .getByRole('button', { name: '19 қараша 2026' })
        .getAttribute('data-selected'),
    ).toBe('true');
  });

  it('sends only the switch when the times are unchanged, and shows the server 422 at the field', async () => {
    let first = true;
    const sent = renderLesson(true, () => {
      if (first) {
        first = false;
        return json({ data: { ...bells, showKeys: true } });
      }
      return json(
        {
          message: 'Деректер қате',
          errors: { closesAt: ['Жұмыстың аяқталуы басталуынан кейін болуы керек'] },
        },
        422,
      );
    });
    const form = await screen.findByRole('region', { name: 'БЖБ/ТЖБ орындау уақыты' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: /дұрыс жауаптарды көрсету/ }));
    await user.click(within(form).getByRole('button', { name: 'Уақытты сақтау' }));
    await within(form).findByRole('status');
    expect(sent).toEqual([{ showKeys: true }]);

    const closes = within(form).getByRole('textbox', { name: /Жабылады/ });
    await user.clear(closes);
    await user.type(closes, '18.11.2026 11:00');
    await user.click(within(form).getByRole('button', { name: 'Уақытты сақтау' }));
    const message = await within(form).findByText(
      'Жұмыстың аяқталуы басталуынан кейін болуы керек',
    );
    // At the field: the input names it as its error.
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    expect(closes.getAttribute('aria-describedby')).toContain(message.id);
    expect((closes as HTMLInputElement).value).toBe('18.11.2026 11:00');
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it("sets the grace after a pupil's deadline (minutes, 0–30; issue 31): a bad value is said at the field, nothing sent", async () => {
    const sent = renderLesson(true, (body) =>
      json({ data: { ...bells, graceMinutes: body.graceMinutes ?? 5 } }),
    );
    const form = await screen.findByRole('region', { name: 'БЖБ/ТЖБ орындау уақыты' });
    const user = userEvent.setup();
    const grace = within(form).getByRole('textbox', { name: /Кешігіп тапсыруға/ });
    expect((grace as HTMLInputElement).value).toBe('5');
    await user.clear(grace);
    await user.type(grace, '45');
    await user.click(within(form).getByRole('button', { name: 'Уақытты сақтау' }));
    expect(await within(form).findByText(/0-ден 30-ға дейінгі бүтін минут/)).toBeTruthy();
    expect(grace.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await user.clear(grace);
    await user.type(grace, '10');
    await user.click(within(form).getByRole('button', { name: 'Уақытты сақтау' }));
    await within(form).findByRole('status');
    expect(sent).toEqual([{ showKeys: false, graceMinutes: 10 }]);
    expect((grace as HTMLInputElement).value).toBe('10');
  });

  it('pupils see when the exam is open, not the control', async () => {
    renderLesson(false, () => json({}, 500));
    expect(await screen.findByText(/БЖБ\/ТЖБ орындау уақыты: 18\.11\.2026 09:40/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'БЖБ/ТЖБ орындау уақыты' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Жұмысты орындау' })).toBeTruthy();
  });
});

describe("a pupil's lecture or lesson content (issue 20)", () => {
  it('opens where its answers are handed in, not a read-only copy', async () => {
    renderLesson(false, () => json({}, 500), {
      draftId: 'lec-1',
      type: 'lecture',
      title: 'Абай',
      version: 3,
    });
    const open = await screen.findByRole('link', { name: 'Материалды ашу' });
    expect(open.getAttribute('href')).toBe('/kk/schedule/exam/platform/11/0/lecture/lec-1');
    expect(screen.queryByRole('link', { name: 'Жұмысты орындау' })).toBeNull();
  });
});

describe("a pupil's handed-in exam", () => {
  const attempt: ExamAttempt = {
    id: 1,
    userId: 3,
    draftId: 'sor-1',
    version: 12,
    answers: {},
    results: null,
    score: null,
    maxScore: 11,
    percent: null,
    pending: null,
    finishedAt: '2026-11-18T05:05:00Z',
    shown: 'handedIn',
  };
  const shown = (a: ExamAttempt) => {
    render(
      <MantineProvider>
        <AttemptResult attempt={a} />
      </MantineProvider>,
    );
    return screen.getByRole('status').textContent;
  };

  it('says when it was handed in and that results come after the exam closes', () => {
    expect(shown(attempt)).toBe(
      'Жұмыс 10:05 тапсырылды. Нәтижелер жұмыс бүкіл сынып үшін жабылғаннан кейін шығады.',
    );
  });

  it('shows the total once the window is over', () => {
    expect(shown({ ...attempt, shown: 'total', score: 8, percent: 72.7, pending: true })).toBe(
      'Нәтиже: 8 / 11 (72.7%) · Тексеруді күтуде · Тапсырмалар бойынша нәтижелерді мұғалім әлі ашқан жоқ.',
    );
  });
});
