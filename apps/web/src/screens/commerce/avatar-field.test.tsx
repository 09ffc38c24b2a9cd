import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Balance } from '@sabaq/platform';
import { AVATAR_LIMITS } from '@sabaq/platform';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import { serve } from '../../test/serve';
import Profile from './Profile';
import { AVATAR_TEXTS, avatarText } from './avatar-texts';
import { commerceText } from './texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const URL_1 = '/api/v2/os/profile/avatars/0b6c2d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e.webp';

function renderProfile(tab: 'cabinet' | 'balance'): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[`/kk/profile/${tab}`]}>
        <Routes>
          <Route path="/kk/profile/:tab?" element={<Profile />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** A stand-in XMLHttpRequest: reports half the bytes, then answers `answer`. */
function fakeXhr(answer: { status: number; body: unknown }, hold?: Promise<void>) {
  const sent: { url: string; size: number }[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(body: FormData) {
        const file = body.get('file') as File;
        sent.push({ url: this.url, size: file.size });
        setTimeout(async () => {
          this.upload.onprogress?.({ loaded: Math.floor(file.size / 2) });
          await hold;
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 0);
      }
      abort() {
        this.onabort?.();
      }
    },
  );
  return sent;
}

const png = () => new File([new Uint8Array(2048)], 'мен.png', { type: 'image/png' });

describe('profile picture', () => {
  it('has the same words in kz and ru', () => {
    expect(Object.keys(AVATAR_TEXTS.ru)).toEqual(Object.keys(AVATAR_TEXTS.kz));
    expect(Object.values(AVATAR_TEXTS.kz).join(' ')).toMatch(/[әғқңөұүһі]/);
  });

  it('uploads with progress from a keyboard-reachable button; the new picture shows with its name', async () => {
    const user = sessionUser('teacher');
    store.set({ user });
    serve({ 'GET /api/v2/os/user-info': () => [200, { data: { ...user, avatar: URL_1 } }] });
    let release!: () => void;
    const sent = fakeXhr(
      { status: 201, body: { data: { url: URL_1, width: 256, height: 256, size: 900 } } },
      new Promise<void>((r) => (release = r)),
    );
    renderProfile('cabinet');
    expect(screen.getByRole('img', { name: avatarText('none', {}, 'kz') }).textContent).toBe('АГ');
    const button = screen.getByRole('button', { name: avatarText('upload', {}, 'kz') });
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [png()] } });
    const progress = await screen.findByTestId('upload-progress');
    expect(within(progress).getByText('Жүктелуде: мен.png')).toBeTruthy();
    expect(await within(progress).findByText(/^50%/)).toBeTruthy();
    release();
    const picture = (await screen.findByTestId('avatar-picture')) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(URL_1);
    expect(picture.alt).toBe(avatarText('alt', { name: 'Ахметова Гүлнар' }, 'kz'));
    expect(sent).toEqual([{ url: '/api/v2/os/profile/avatar', size: 2048 }]);
    // The bar goes once the upload's answer is handled, which may be a tick after the picture.
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
    expect(screen.getByRole('button', { name: avatarText('replace', {}, 'kz') })).toBeTruthy();
  });

  it('shows the server’s refusal at the field, read out and tied to the button', async () => {
    store.set({ user: sessionUser('student') });
    const message =
      '«мен.png» суреті ашылмады: файл бүлінген немесе сурет емес. Басқа сурет таңдаңыз';
    fakeXhr({ status: 422, body: { message, errors: { file: [message] } } });
    renderProfile('cabinet');
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [png()] } });
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(message);
    const button = screen.getByRole('button', { name: avatarText('upload', {}, 'kz') });
    expect(button.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('refuses a file over 5 MB before sending a byte', async () => {
    store.set({ user: sessionUser('student') });
    const sent = fakeXhr({ status: 500, body: null });
    renderProfile('cabinet');
    const big = png();
    Object.defineProperty(big, 'size', { value: AVATAR_LIMITS.maxBytes + 1 });
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^«мен\.png» файлы тым үлкен \(5\.1 МБ\): бұл жерге ең көбі 5\.0 МБ/,
    );
    expect(sent).toHaveLength(0);
  });

  it('removes the picture: the initials come back', async () => {
    const user = sessionUser('teacher', { avatar: URL_1 });
    store.set({ user });
    const calls = serve({
      'DELETE /api/v2/os/profile/avatar': () => [200, { message: 'Профиль суреті өшірілді' }],
      'GET /api/v2/os/user-info': () => [200, { data: { ...user, avatar: null } }],
    });
    renderProfile('cabinet');
    expect(screen.getByTestId('avatar-picture')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: avatarText('remove', {}, 'kz') }));
    expect(await screen.findByRole('img', { name: avatarText('none', {}, 'kz') })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/v2/os/profile/avatar',
      'GET /api/v2/os/user-info',
    ]);
  });
});

describe('a refund on the balance page', () => {
  it('shows the refund row with its amount, the reason and its receipt', async () => {
    store.set({ user: sessionUser('teacher') });
    const balance: Balance = {
      balance: 5990,
      paymentConnected: false,
      subscriptions: [],
      entries: [
        {
          id: 21,
          kind: 'refund',
          amount: 5990,
          balanceAfter: 5990,
          description:
            '№20 сатып алуды қайтару (Тарифті сатып алу: Жеке: ай). Себебі: Қате тариф таңдалды',
          createdAt: '2026-11-23T11:00:00Z',
          transactionId: null,
        },
        {
          id: 20,
          kind: 'purchase',
          amount: -5990,
          balanceAfter: 0,
          description: 'Тарифті сатып алу: Жеке: ай',
          createdAt: '2026-11-23T10:00:00Z',
          transactionId: null,
        },
      ],
    };
    serve({ 'GET /api/v2/os/commerce/balance': () => [200, { data: balance }] });
    renderProfile('balance');
    const kz = commerceText('kz');
    const rows = within(await screen.findByTestId('ledger')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain(`${kz('kind_refund')}: №20 сатып алуды қайтару`);
    expect(rows[1]!.textContent).toContain('Себебі: Қате тариф таңдалды');
    expect(rows[1]!.textContent).toContain('+5 990 ₸');
    expect(screen.getByRole('button', { name: kz('receiptOf', { n: 21 }) })).toBeTruthy();
  });
});
