import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { store } from '../session/store';
import AiPanel, { sanitizeAnswer } from './AiPanel';

/**
 * The assistant panel against the server's answers to POST /api/v1/gpt (the bodies of
 * apps/server/src/ai: `{data: {answer}}`, or spec §8 errors in kz).
 */
beforeAll(() => {
  initTestI18n('kz');
  // Mantine's autosize Textarea listens to document.fonts, which happy-dom does not have.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => {
  store.reset();
  vi.unstubAllGlobals();
});

type Reply = { status: number; body: unknown };

function serve(...replies: Reply[]) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected request');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function sent(fetch: ReturnType<typeof serve>, n: number) {
  const [url, init] = fetch.mock.calls[n] as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as unknown };
}

function open() {
  render(
    <MantineProvider>
      <AiPanel onClose={() => {}} overlay={false} />
    </MantineProvider>,
  );
  return screen.getByRole('textbox', { name: 'Сұрағыңыз' }) as HTMLTextAreaElement;
}

function type(field: HTMLTextAreaElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

describe('AI panel', () => {
  it('Enter sends the trimmed question, Shift+Enter does not; the answer is shown sanitised', async () => {
    const fetch = serve({
      status: 200,
      body: {
        data: {
          answer: '<p>Өсімдіктер <b>жарықты</b> пайдаланады.</p><img src=x onerror="alert(1)">',
          helperID: 'platform',
        },
      },
    });
    const field = open();
    expect(screen.getByText('Enter — жіберу, Shift+Enter — жаңа жол')).toBeTruthy();
    type(field, '  Фотосинтез деген не?  ');
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent(fetch, 0)).toEqual({
      url: '/api/v1/gpt',
      body: { text: 'Фотосинтез деген не?', helperID: 'platform' },
    });
    expect(field.value).toBe('');
    const answer = await screen.findByText('жарықты');
    expect(answer.tagName).toBe('B');
    expect(document.querySelector('.ai-answer')?.innerHTML).toBe(
      '<p>Өсімдіктер <b>жарықты</b> пайдаланады.</p>',
    );
    expect(screen.getByText('Фотосинтез деген не?')).toBeTruthy();
  });

  it('ignores an empty question', () => {
    const fetch = serve();
    const field = open();
    type(field, '   \n ');
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Жіберу' }));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText('Мысалы, сұраңыз:')).toBeTruthy();
  });

  it.each([
    [503, { message: 'ЖИ көмекшісі бұл серверге қосылмаған' }],
    [504, { message: 'ЖИ көмекшісі уақытында жауап бермеді. Кейінірек қайталаңыз' }],
    [502, { message: 'ЖИ көмекшісінің қызметі жауап бере алмады. Кейінірек қайталаңыз' }],
    [429, { message: 'Сұрақтар тым жиі жіберілді. 42 секундтан кейін қайталаңыз' }],
    [
      422,
      {
        message: 'Сұрақ 4000 таңбадан аспауы керек (қазір 4001)',
        errors: { text: ['Сұрақ 4000 таңбадан аспауы керек (қазір 4001)'] },
      },
    ],
  ])('%i: shows the server’s message, keeps the question in the field', async (status, body) => {
    serve({ status, body });
    const field = open();
    type(field, 'Сабақ жоспарын құр');
    fireEvent.click(screen.getByRole('button', { name: 'Жіберу' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Жауап алынбады')).toBeTruthy();
    expect(within(alert).getByText(body.message)).toBeTruthy();
    expect(field.value).toBe('Сабақ жоспарын құр');
    // The assistant failing is not the server being down: no server-unavailable warning.
    expect(store.get().serverUnavailable).toBe(false);
  });

  it('a validation error without a message of its own shows the first field error', async () => {
    serve({ status: 422, body: { errors: { text: ['Міндетті өріс'] } } });
    const field = open();
    type(field, 'x');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(within(await screen.findByRole('alert')).getByText('Міндетті өріс')).toBeTruthy();
  });

  it('sends the failed question again from the retry button, replacing the failure', async () => {
    const fetch = serve(
      {
        status: 504,
        body: { message: 'ЖИ көмекшісі уақытында жауап бермеді. Кейінірек қайталаңыз' },
      },
      { status: 200, body: { data: { answer: '<p>Міне жоспар</p>', helperID: 'platform' } } },
    );
    const field = open();
    type(field, 'Жоспар');
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Қайта жіберу' }));
    expect(await screen.findByText('Міне жоспар')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('Жоспар')).toHaveLength(1);
    expect(sent(fetch, 1).body).toEqual({ text: 'Жоспар', helperID: 'platform' });
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('does not overwrite a new question being typed when the previous one fails', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify({ message: 'ЖИ көмекшісі бұл серверге қосылмаған' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const field = open();
    type(field, 'Бірінші');
    fireEvent.keyDown(field, { key: 'Enter' });
    type(field, 'Екінші');
    release();
    await screen.findByRole('alert');
    expect(field.value).toBe('Екінші');
  });
});

describe('sanitizeAnswer (web)', () => {
  it('keeps only formatting tags and escapes text', () => {
    expect(
      sanitizeAnswer(
        '<h3 id="x">A</h3><script>alert(1)</script><a href="javascript:x">b</a> &lt;i&gt;',
      ),
    ).toBe('<h3>A</h3>alert(1)b &lt;i&gt;');
  });
});
