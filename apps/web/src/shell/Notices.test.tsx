import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { store } from '../session/store';
import { sessionUser } from '../test/factories';
import { InfoBar } from './InfoBar';
import { Notices } from './Notices';

beforeAll(() => initTestI18n('kz'));
afterEach(() => store.reset());

/** `home` as the shell computes it for the signed-in user (landingPath). */
function at(path: string, state?: unknown, home: string | null = null) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route
          path="/:lang/*"
          element={
            <>
              <InfoBar />
              <Notices home={home} />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('shell notices (issue 30)', () => {
  it('says why a route was refused and links to the role’s own start page', () => {
    store.set({ user: sessionUser('student'), session: 'ready' });
    at('/kk/homework/list', { refused: { reason: 'role', page: 'Курстар' } }, '/kk/schedule');
    expect(screen.getByTestId('refused-notice').textContent).toContain(
      '«Курстар» сіздің рөліңізге ашылмайды',
    );
    expect(screen.getByRole('link', { name: 'Менің бастапқы бетім' }).getAttribute('href')).toBe(
      '/kk/schedule',
    );
  });

  it('tells a user whose subscription ended, with the way to the tariffs', () => {
    store.set({
      user: sessionUser('individual', {
        subscription: { type: 'personal', isDemo: false, group: null },
        hasSubscription: false,
      }),
      session: 'ready',
    });
    at('/kk/content/lectures');
    expect(screen.getByTestId('locked-notice').textContent).toContain(
      'Жазылымыңыздың мерзімі аяқталды',
    );
    expect(
      screen.getByRole('link', { name: 'Тарифті таңдап, жазылымды ұзарту' }).getAttribute('href'),
    ).toBe('/kk/tariffs');
  });

  it('says nothing to a B2B user who never subscribed', () => {
    store.set({ user: sessionUser('teacher', { hasSubscription: false }), session: 'ready' });
    at('/kk/control/courses/list');
    expect(screen.queryByTestId('locked-notice')).toBeNull();
    expect(screen.queryByTestId('refused-notice')).toBeNull();
  });

  it('names a kindergarten and its group in the info bar', () => {
    store.set({
      user: sessionUser('teacher', {
        school: {
          name: '«Балбөбек» балабақшасы',
          address: 'Астана',
          bin: '1',
          kind: 'kindergarten',
        },
        group: { name: '0А' },
      }),
      session: 'ready',
    });
    at('/kk/methodical');
    const terms = [...document.querySelectorAll('.info-bar dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(expect.arrayContaining(['Балабақша', 'Топ']));
    expect(terms).not.toContain('Мектеп');
    expect(terms).not.toContain('Сынып');
  });
});
