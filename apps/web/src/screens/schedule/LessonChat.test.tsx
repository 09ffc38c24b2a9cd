import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { LessonChatMessage, SessionUser } from '@sabaq/platform';
import { store } from '../../session/store';
import { LessonChat } from './LessonChat';
import { LESSON_CHAT_TEXTS } from './lesson-chat-texts';

const kz = LESSON_CHAT_TEXTS.kz;
const TEACHER = { id: 5, fullname: 'Сейітова Айгүл' };
const PUPIL = { id: 9, fullname: 'Әлиев Арман' };
const msg = (id: number, sender = PUPIL, text = `Хабар ${id}`): LessonChatMessage => ({
  id,
  lessonId: 11,
  sender,
  fromTeacher: sender.id === TEACHER.id,
  text,
  at: '2026-11-23T05:00:00.000Z',
  deleted: false,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A stand-in for the browser's WebSocket: the test pushes server events into the open one. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  push(event: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  close() {}
}

function serve(opts: { canDelete: boolean; history?: number; send?: (text: string) => Response }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (opts.history) return json({ message: 'Рұқсат жоқ' }, opts.history);
      if (method === 'GET')
        return json({
          data: {
            messages: [msg(1, TEACHER, 'Сәлем, сынып')],
            hasMore: false,
            canDelete: opts.canDelete,
          },
        });
      if (method === 'POST') return opts.send!((body as { text: string }).text);
      if (method === 'DELETE') return json({ data: { ...msg(1, TEACHER, ''), deleted: true } });
      return json({}, 404);
    }),
  );
  return calls;
}

function renderChat(me: { id: number; role: string }) {
  store.set({ user: { userId: me.id, role: me.role } as unknown as SessionUser });
  render(
    <MantineProvider>
      <button type="button">elsewhere</button>
      <LessonChat lessonId={11} />
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-feature-lesson-chat');
  FakeSocket.last = null;
});

describe('the lesson chat panel (issue 20)', () => {
  it('shows the history; Enter sends, Shift+Enter starts a new line; live messages are announced without taking the focus', async () => {
    const calls = serve({
      canDelete: false,
      send: (text) => json({ data: msg(2, PUPIL, text) }, 201),
    });
    renderChat({ id: PUPIL.id, role: 'student' });
    const panel = await screen.findByRole('region', { name: kz.title });
    expect(await within(panel).findByText('Сәлем, сынып')).toBeTruthy();
    expect(within(panel).getByText(kz.teacher)).toBeTruthy();
    // A pupil deletes nothing.
    expect(within(panel).queryByRole('button', { name: /Өшіру|өшіру/ })).toBeNull();

    const box = within(panel).getByRole('textbox', { name: kz.label });
    await userEvent.type(box, 'Бірінші жол{Shift>}{Enter}{/Shift}екінші');
    expect((box as HTMLTextAreaElement).value).toBe('Бірінші жол\nекінші');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { text: 'Бірінші жол\nекінші' },
      ]),
    );
    expect(calls.find((c) => c.method === 'POST')!.path).toBe('/api/v2/os/schedule/lesson/11/chat');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(document.activeElement).toBe(box);

    // Someone else says something live: shown, announced politely, the focus stays put.
    await waitFor(() => expect(FakeSocket.last?.url).toContain('/ws/lesson-chat/11?token='));
    FakeSocket.last!.push({ type: 'message', message: msg(3, TEACHER, 'Жарайсың') });
    expect(await within(panel).findByText('Жарайсың')).toBeTruthy();
    const status = within(panel).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(`${TEACHER.fullname}: Жарайсың`);
    expect(document.activeElement).toBe(box);
    // A deletion arrives live too.
    FakeSocket.last!.push({ type: 'deleted', message: { ...msg(3, TEACHER, ''), deleted: true } });
    await waitFor(() => expect(within(panel).queryByText('Жарайсың')).toBeNull());
    expect(within(panel).getByText(kz.deleted)).toBeTruthy();
  });

  it("shows the server's kz/ru message at the field when a text is refused", async () => {
    serve({
      canDelete: false,
      send: () =>
        json(
          {
            message: 'Хабарлама бос: мәтін жазыңыз',
            errors: { text: ['Хабарлама бос: мәтін жазыңыз'] },
          },
          422,
        ),
    });
    renderChat({ id: PUPIL.id, role: 'student' });
    const box = await screen.findByRole('textbox', { name: kz.label });
    await userEvent.type(box, '   {Enter}');
    expect(await screen.findByText('Хабарлама бос: мәтін жазыңыз')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets the teacher delete a message: it shows as deleted', async () => {
    const calls = serve({ canDelete: true });
    renderChat({ id: TEACHER.id, role: 'teacher' });
    const del = await screen.findByRole('button', {
      name: `${TEACHER.fullname} хабарламасын өшіру`,
    });
    await userEvent.click(del);
    expect(await screen.findByText(kz.deleted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(
      '/api/v2/os/schedule/lesson/11/chat/1',
    );
  });

  it('pages back to older messages, newest last', async () => {
    const asked: string[] = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        asked.push(url.search);
        const older = url.searchParams.get('before') === '3';
        return json({
          data: {
            messages: older ? [msg(1), msg(2)] : [msg(3), msg(4)],
            hasMore: !older,
            canDelete: false,
          },
        });
      }),
    );
    renderChat({ id: PUPIL.id, role: 'student' });
    const panel = await screen.findByRole('region', { name: kz.title });
    await within(panel).findByText('Хабар 4');
    await userEvent.click(within(panel).getByRole('button', { name: kz.older }));
    await within(panel).findByText('Хабар 1');
    expect(
      within(panel)
        .getAllByText(/^Хабар \d$/)
        .map((p) => p.textContent),
    ).toEqual(['Хабар 1', 'Хабар 2', 'Хабар 3', 'Хабар 4']);
    expect(asked[1]).toContain('before=3');
    expect(within(panel).queryByRole('button', { name: kz.older })).toBeNull();
  });

  it('is hidden for whoever is not a participant, and when the block is off', async () => {
    const calls = serve({ canDelete: false, history: 403 });
    renderChat({ id: 1, role: 'director' });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: kz.title })).toBeNull());
    vi.unstubAllGlobals();

    document.documentElement.setAttribute('data-feature-lesson-chat', 'off');
    const none = serve({ canDelete: false });
    renderChat({ id: PUPIL.id, role: 'student' });
    expect(screen.queryByRole('region', { name: kz.title })).toBeNull();
    expect(none).toHaveLength(0);
  });
});
