import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { STORAGE } from '../config';
import { isChunkLoadError } from '../screens/lazy';
import { store } from '../session/store';
import { sessionUser } from '../test/factories';
import ChangePasswordModal from './ChangePasswordModal';
import { Footer } from './Footer';
import { Header } from './Header';
import { ServerWarning } from './ServerWarning';
import { useDemoGuard } from './useDemoGuard';

beforeAll(() => initTestI18n('kz'));
afterEach(() => {
  store.reset();
  vi.unstubAllGlobals();
});

function wrap(node: ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/kk/faq']}>
        <Routes>
          <Route path="/:lang/*" element={node} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('header (spec §1)', () => {
  const noop = () => {};
  const wide = { small: false, menuOpen: false, onMenu: noop, menuButtonRef: null };

  it('shows login when anonymous and the tariffs button only with the landing flag', () => {
    wrap(<Header onAiChat={noop} setConfirmLogout={noop} {...wide} />);
    expect(screen.getByRole('link', { name: 'Кіру' }).getAttribute('href')).toBe('/kk/login');
    expect(screen.queryByRole('link', { name: 'Тарифтер' })).toBeNull();
    act(() => store.set({ flags: new Set(['landing-feature']) }));
    expect(screen.getByRole('link', { name: 'Тарифтер' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ЖИ көмекшісі' })).toBeNull();
  });

  it('shows the AI chat button when logged in with the gpt flag, consultation for non-students', () => {
    store.set({ flags: new Set(['gpt-feature']), user: sessionUser('teacher'), session: 'ready' });
    const onAi = vi.fn();
    wrap(<Header onAiChat={onAi} setConfirmLogout={noop} {...wide} />);
    fireEvent.click(screen.getByRole('button', { name: 'ЖИ көмекшісі' }));
    expect(onAi).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Кеңес алу' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(screen.queryByRole('link', { name: 'Кіру' })).toBeNull();
  });

  it('hides the consultation link from students', () => {
    store.set({ user: sessionUser('student'), session: 'ready' });
    wrap(<Header onAiChat={noop} setConfirmLogout={noop} {...wide} />);
    expect(screen.queryByRole('link', { name: 'Кеңес алу' })).toBeNull();
  });

  it('asks before logging out during a video conference', () => {
    store.set({ user: sessionUser('teacher'), session: 'ready', conferenceActive: true });
    const confirm = vi.fn();
    wrap(<Header onAiChat={noop} setConfirmLogout={confirm} {...wide} />);
    fireEvent.click(screen.getByRole('button', { name: 'Шығу' }));
    expect(confirm).toHaveBeenCalledWith(true);
  });
});

describe('compact header (under 768 px)', () => {
  const noop = () => {};

  it('keeps the language switch and login, and puts the menu behind its button', () => {
    const onMenu = vi.fn();
    wrap(
      <Header
        onAiChat={noop}
        setConfirmLogout={noop}
        small
        menuOpen={false}
        onMenu={onMenu}
        menuButtonRef={null}
      />,
    );
    const button = screen.getByRole('button', { name: 'Мәзір' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(onMenu).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: /Қазақша/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Русский/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Кіру' })).toBeTruthy();
  });

  it('moves the name, password change and logout into the user menu', async () => {
    store.set({ user: sessionUser('teacher'), session: 'ready' });
    const confirm = vi.fn();
    store.set({ conferenceActive: true });
    wrap(
      <Header
        onAiChat={noop}
        setConfirmLogout={confirm}
        small
        menuOpen={false}
        onMenu={noop}
        menuButtonRef={null}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Шығу' })).toBeNull();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Пайдаланушы мәзірі' }, { timeout: 5000 }),
    );
    await screen.findByRole('menuitem', { name: 'Құпиясөзді өзгерту' }, { timeout: 5000 });
    fireEvent.click((await screen.findByText('Шығу')).closest('button')!);
    expect(confirm).toHaveBeenCalledWith(true);
  });
});

describe("the compact header's user button", () => {
  it("is a plain button until reached; the focus it had passes to the kit's menu button", async () => {
    store.set({ user: sessionUser('teacher'), session: 'ready', conferenceActive: false });
    wrap(
      <Header
        onAiChat={() => {}}
        setConfirmLogout={() => {}}
        small
        menuOpen={false}
        onMenu={() => {}}
        menuButtonRef={null}
      />,
    );
    const plain = screen.getByRole('button', { name: 'Пайдаланушы мәзірі' });
    expect(plain.getAttribute('aria-haspopup')).toBe('menu');
    // Nothing of the kit's menu yet: the plain button is not a Mantine one.
    expect(plain.className).toBe('header__user-button');
    act(() => plain.focus());
    await waitFor(
      () => {
        const kit = screen.getByRole('button', { name: 'Пайдаланушы мәзірі' });
        expect(kit).not.toBe(plain);
        expect(document.activeElement).toBe(kit);
      },
      { timeout: 5000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Пайдаланушы мәзірі' }));
    await screen.findByRole('menuitem', { name: 'Құпиясөзді өзгерту' }, { timeout: 5000 });
  });
});

describe('change-password modal (spec §5)', () => {
  it('enables save only when all three are filled, shows server field errors, clears on edit', async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        { message: 'Тексеріңіз', errors: { old_password: ['Ағымдағы құпиясөз қате'] } },
        { status: 422 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    store.set({ user: sessionUser('teacher'), session: 'ready', passwordModal: 'open' });
    wrap(<ChangePasswordModal />);
    const save = await screen.findByRole('button', { name: 'Сақтау' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Ағымдағы құпиясөз'), {
      target: { value: 'Wrong-Pass-1' },
    });
    fireEvent.change(screen.getByLabelText('Жаңа құпиясөз'), { target: { value: 'Brand-New-7!' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Жаңа құпиясөзді қайталаңыз'), {
      target: { value: 'Brand-New-7!' },
    });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Ағымдағы құпиясөз қате')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/os/auth/password/change');
    expect(JSON.parse(String(init.body))).toEqual({
      old_password: 'Wrong-Pass-1',
      password: 'Brand-New-7!',
      password_confirmation: 'Brand-New-7!',
    });
    fireEvent.change(screen.getByLabelText('Ағымдағы құпиясөз'), {
      target: { value: 'Wrong-Pass-2' },
    });
    await waitFor(() => expect(screen.queryByText('Ағымдағы құпиясөз қате')).toBeNull());
  });

  it('checks the new password rules before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    store.set({ user: sessionUser('teacher'), session: 'ready', passwordModal: 'open' });
    wrap(<ChangePasswordModal />);
    fireEvent.change(await screen.findByLabelText('Ағымдағы құпиясөз'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Жаңа құпиясөз'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Жаңа құпиясөзді қайталаңыз'), {
      target: { value: 'short' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    expect(await screen.findByText('Құпиясөз кемінде 8 таңбадан тұруы керек')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('cannot be dismissed when forced by a default password', async () => {
    store.set({ user: sessionUser('teacher'), session: 'ready', passwordModal: 'forced' });
    wrap(<ChangePasswordModal />);
    expect(await screen.findByText(/бастапқы құпиясөзді/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Жабу' })).toBeNull();
  });
});

describe('footer (spec §1)', () => {
  it('shows 2011–current year, the agreement and support contacts; social links only if configured', () => {
    wrap(<Footer />);
    expect(screen.getByText(new RegExp(`© 2011–${new Date().getFullYear()}`))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Пайдаланушы келісімі' }).getAttribute('href')).toBe(
      '/kk/agreement',
    );
    expect(screen.queryByRole('list', { name: 'Әлеуметтік желілер' })).toBeNull();
  });

  it('takes contacts and social links from the server translations', () => {
    i18next.addResourceBundle(
      'kz',
      'translation',
      { 'footer.support_email': 'help@mektep.kz', 'footer.social.telegram': 'https://t.me/sabaq' },
      true,
      true,
    );
    wrap(<Footer />);
    expect(screen.getByRole('link', { name: 'help@mektep.kz' }).getAttribute('href')).toBe(
      'mailto:help@mektep.kz',
    );
    expect(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe(
      'https://t.me/sabaq',
    );
    i18next.addResourceBundle(
      'kz',
      'translation',
      { 'footer.support_email': 'support@sabaq.kz', 'footer.social.telegram': '' },
      true,
      true,
    );
  });
});

describe('server-unavailable warning', () => {
  it('shows while the store says the server is down', () => {
    wrap(<ServerWarning />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => store.set({ serverUnavailable: true }));
    expect(screen.getByRole('alert').textContent).toMatch(/Сервер уақытша қолжетімсіз/);
  });
});

describe('demo subscription (spec §1)', () => {
  function Probe({ content = true }: { content?: boolean }) {
    useDemoGuard(content);
    return <p>Мәтін</p>;
  }
  const demoUser = (live: boolean) =>
    sessionUser('student', {
      subscription: { type: 'personal', isDemo: true, group: null },
      hasSubscription: live,
    });
  const copyBlocked = () => {
    const event = new Event('copy', { bubbles: true, cancelable: true });
    screen.getByText('Мәтін').dispatchEvent(event);
    return event.defaultPrevented;
  };

  // The guard's code is loaded lazily: give it the time it would take to arrive.
  const settled = async () => {
    await import('./demo-guard');
    await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('blocks nothing off content screens, nor once the demo has lapsed', async () => {
    store.set({ user: demoUser(true) });
    const off = wrap(<Probe content={false} />);
    await settled();
    expect(copyBlocked()).toBe(false);
    off.unmount();
    store.set({ user: demoUser(false) });
    wrap(<Probe />);
    await settled();
    expect(copyBlocked()).toBe(false);
  });

  it('blocks copy, select and Ctrl/Cmd+C, X, A outside form fields', async () => {
    store.set({ user: demoUser(true) });
    wrap(<Probe />);
    // The guard's code loads with the first content screen of a demo user.
    await waitFor(() => expect(document.body.classList.contains('demo-locked')).toBe(true));
    const text = screen.getByText('Мәтін');
    for (const type of ['copy', 'cut', 'selectstart']) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      text.dispatchEvent(event);
      expect(event.defaultPrevented, type).toBe(true);
    }
    for (const key of ['c', 'x', 'a', 'C', 'с']) {
      const event = new KeyboardEvent('keydown', {
        key,
        ctrlKey: true,
        bubbles: true,
        cancelable: true,
      });
      text.dispatchEvent(event);
      expect(event.defaultPrevented, key).toBe(true);
    }
    const meta = new KeyboardEvent('keydown', {
      key: 'c',
      metaKey: true,
      bubbles: true,
      cancelable: true,
    });
    text.dispatchEvent(meta);
    expect(meta.defaultPrevented).toBe(true);
    const plain = new KeyboardEvent('keydown', { key: 'c', bubbles: true, cancelable: true });
    text.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
  });

  it('leaves everything alone without a demo subscription', async () => {
    store.set({ user: sessionUser('student') });
    wrap(<Probe />);
    await settled();
    const event = new Event('copy', { bubbles: true, cancelable: true });
    screen.getByText('Мәтін').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('chunk-load errors (spec §8)', () => {
  it('are recognised across browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reload once, not in a loop', async () => {
    const { reloadForChunkError } = await import('../screens/lazy');
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      value: { ...original, reload },
      configurable: true,
    });
    try {
      expect(reloadForChunkError()).toBe(true);
      expect(reloadForChunkError()).toBe(false);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(sessionStorage.getItem(STORAGE.chunkReload)).not.toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { value: original, configurable: true });
    }
  });

  it('never reloads offline: the chunk failed for the link, not a deploy (issue 31)', async () => {
    const { reloadForChunkError } = await import('../screens/lazy');
    sessionStorage.removeItem(STORAGE.chunkReload);
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      value: { ...original, reload },
      configurable: true,
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(reloadForChunkError()).toBe(false);
      expect(reload).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(STORAGE.chunkReload)).toBeNull();
      onLine.mockReturnValue(true);
      expect(reloadForChunkError()).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      onLine.mockRestore();
      Object.defineProperty(window, 'location', { value: original, configurable: true });
    }
  });
});
