import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { Draft } from '@sabaq/engine';
import type { ExamSitting } from '@sabaq/platform';
import type { ApiClient } from '../../api/client';
import { drain, startOutbox, stopOutbox, waiting } from '../../offline/outbox';
import { wipeReads } from '../../offline/read-cache';
import { TimedExam, sittingScope } from './TimedExam';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const sor = (withQuestions: boolean) =>
  ({
    type: 'sor',
    title: 'БЖБ: теңдеулер',
    duration: 25,
    pages: withQuestions
      ? [
          {
            id: 'p1',
            title: '',
            modules: [
              {
                id: 'm1',
                type: 'task',
                title: 'x-ті табыңыз',
                content: doc('4x = 36'),
                options: null,
              },
            ],
          },
        ]
      : [],
  }) as unknown as Draft;
const exam = { scheduleId: 11, lessonType: 'sor', lessonId: 'sor-1' };
const base = '/api/v2/os/schedule/exam/11/sor/sor-1';

/** A sitting with `leftMs` to go by the server's clock. */
const sitting = (leftMs: number, answers = {}): ExamSitting => {
  const now = Date.now();
  return {
    startedAt: new Date(now - 60_000).toISOString(),
    deadlineAt: new Date(now + leftMs).toISOString(),
    savedAt: null,
    answers,
    limitMinutes: 25,
    serverNow: new Date(now).toISOString(),
    graceMinutes: 5,
    acceptedUntil: new Date(now + leftMs + 5 * 60_000).toISOString(),
  };
};

type Sent = { method: string; path: string; body: unknown };
function serve(reply: (sent: Sent) => Response | 'network') {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      sent.push(call);
      const r = reply(call);
      if (r === 'network') throw new TypeError('Failed to fetch');
      return r;
    }),
  );
  return sent;
}

function show(props: Parameters<typeof TimedExam>[0]) {
  return render(
    <MantineProvider>
      <TimedExam {...props} />
    </MantineProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a SOR under exam conditions (issue 20)', () => {
  it('says how long it takes and starts on demand; the questions come after', async () => {
    const sent = serve(() => Response.json({ data: sitting(25 * 60_000) }));
    const onChanged = vi.fn(async () => {});
    show({ exam, draft: sor(false), sitting: null, onChanged });
    expect(screen.getByText(/Жұмысқа 25 минут беріледі/)).toBeTruthy();
    expect(screen.queryByText('4x = 36')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Жұмысты бастау' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: 'POST', path: `${base}/start` });
  });

  it('counts down by the server clock and saves the answers as the pupil types', async () => {
    const sent = serve(() => Response.json({ data: { savedAt: new Date().toISOString() } }));
    show({
      exam,
      draft: sor(true),
      sitting: sitting(10 * 60_000 + 30_000),
      onChanged: async () => {},
    });
    expect(screen.getByRole('timer').textContent).toMatch(/^10:(30|29)$/);
    await userEvent.setup().type(screen.getByLabelText('Жауабыңыз'), 'x = 9');
    await waitFor(
      () =>
        expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
          path: `${base}/answers`,
          body: { answers: { m1: { kind: 'open', text: 'x = 9' } } },
        }),
      { timeout: 4000 },
    );
    expect(await screen.findByText(/Жауаптар сақталды: \d\d:\d\d/)).toBeTruthy();
  });

  it('keeps the answers on the device when the connection drops, and resumes with them', async () => {
    serve(() => 'network');
    const first = show({
      exam,
      draft: sor(true),
      sitting: sitting(600_000),
      onChanged: async () => {},
    });
    await userEvent.setup().type(screen.getByLabelText('Жауабыңыз'), 'x = 9');
    expect(
      await screen.findByText(/Жауаптар осы құрылғыда сақталды/, {}, { timeout: 4000 }),
    ).toBeTruthy();
    // The deadline as a clock time, not only the countdown.
    expect(screen.getByTestId('exam-offline').textContent).toMatch(/Жұмыс \d\d:\d\d аяқталады/);
    first.unmount();
    // The tab is opened again: the server has nothing saved, the device has the answer.
    serve(() => Response.json({ data: { savedAt: new Date().toISOString() } }));
    show({ exam, draft: sor(true), sitting: sitting(500_000), onChanged: async () => {} });
    expect((screen.getByLabelText('Жауабыңыз') as HTMLTextAreaElement).value).toBe('x = 9');
  });

  it('hands in by itself when the time is up', async () => {
    const sent = serve(() => Response.json({ data: {} }));
    const onChanged = vi.fn(async () => {});
    show({
      exam,
      draft: sor(true),
      sitting: sitting(1_500, { m1: { kind: 'open', text: '9' } }),
      onChanged,
    });
    await waitFor(
      () =>
        expect(sent.find((s) => s.method === 'POST')).toMatchObject({
          path: base,
          body: { answers: { m1: { kind: 'open', text: '9' } } },
        }),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Уақыт бітті: жауаптарыңыз тапсырылды')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('asks in the confirm modal with a countdown before handing in; Escape keeps working', async () => {
    const sent = serve(() => Response.json({ data: { savedAt: new Date().toISOString() } }));
    const onChanged = vi.fn(async () => {});
    show({ exam, draft: sor(true), sitting: sitting(600_000), onChanged });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Жұмысты тапсыру' }));
    let dialog = await screen.findByRole('dialog', { name: 'Жұмысты тапсыру' });
    // Spec §4: the confirm button shows the seconds left and is disabled until zero.
    const counting = within(dialog).getByRole('button', { name: /Жұмысты тапсыру \(\d\)/ });
    expect(counting).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Жұмысты тапсыру' }));
    dialog = await screen.findByRole('dialog', { name: 'Жұмысты тапсыру' });
    const ready = await within(dialog).findByRole(
      'button',
      { name: 'Жұмысты тапсыру' },
      { timeout: 6000 },
    );
    await waitFor(() => expect(ready).toHaveProperty('disabled', false), { timeout: 6000 });
    await user.click(ready);
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(onChanged).toHaveBeenCalledWith(true);
  }, 20_000);

  it('offline, keeps only the newest answers and the hand-in in the outbox, in order, and says until when it counts (issue 31)', async () => {
    serve(() => 'network');
    // The outbox of a signed-in pupil whose link is down (nothing goes out).
    startOutbox({ request: vi.fn() } as unknown as ApiClient, 7, () => false);
    try {
      const s = sitting(600_000);
      show({ exam, draft: sor(true), sitting: s, onChanged: async () => {} });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Жауабыңыз'), 'x = 9');
      await screen.findByTestId('exam-offline', {}, { timeout: 4000 });
      await user.type(screen.getByLabelText('Жауабыңыз'), '!');
      await waitFor(
        async () =>
          expect((await waiting(sittingScope(exam))).map((w) => [w.method, w.body])).toEqual([
            ['PUT', { answers: { m1: { kind: 'open', text: 'x = 9!' } } }],
          ]),
        { timeout: 4000 },
      );
      await user.click(screen.getByRole('button', { name: 'Жұмысты тапсыру' }));
      const dialog = await screen.findByRole('dialog', { name: 'Жұмысты тапсыру' });
      const ready = await within(dialog).findByRole(
        'button',
        { name: 'Жұмысты тапсыру' },
        { timeout: 6000 },
      );
      await waitFor(() => expect(ready).toHaveProperty('disabled', false), { timeout: 6000 });
      await user.click(ready);
      const queued = await screen.findByTestId('exam-handin-queued');
      const until = new Date(Date.parse(s.acceptedUntil) + 5 * 3_600_000)
        .toISOString()
        .slice(11, 16);
      expect(queued.textContent).toContain(`серверге ${until} дейін жетсе, есептеледі`);
      await waitFor(async () =>
        expect((await waiting(sittingScope(exam))).map((w) => w.method)).toEqual(['PUT', 'POST']),
      );
    } finally {
      stopOutbox();
      await wipeReads();
    }
  }, 20_000);

  it('a queued write the server refuses once back (time and grace over) is said, and the page reads what was handed in', async () => {
    serve(() => 'network');
    let back = false;
    const request = vi.fn(async () => ({
      error: true,
      status: 409,
      errorType: 'other',
      data: { message: 'Жұмыс уақыты 16:40 аяқталды, жауаптар 16:45 дейін қабылданды' },
    }));
    startOutbox({ request } as unknown as ApiClient, 7, () => back);
    try {
      const onChanged = vi.fn(async () => {});
      show({ exam, draft: sor(true), sitting: sitting(600_000), onChanged });
      await userEvent.setup().type(screen.getByLabelText('Жауабыңыз'), 'x = 9');
      await waitFor(async () => expect(await waiting(sittingScope(exam))).toHaveLength(1), {
        timeout: 4000,
      });
      back = true;
      await drain();
      expect(await screen.findByText(/жауаптар 16:45 дейін қабылданды/)).toBeTruthy();
      await waitFor(() => expect(onChanged).toHaveBeenCalledWith(true));
      expect(await waiting(sittingScope(exam))).toEqual([]);
    } finally {
      stopOutbox();
      await wipeReads();
    }
  });
});
