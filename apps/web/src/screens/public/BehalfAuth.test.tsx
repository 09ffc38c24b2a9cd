import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initTestI18n } from '../../test/i18n';
import { setNavigator } from '../../app/services';
import { sessionUser } from '../../test/factories';
import BehalfAuth from './BehalfAuth';

beforeAll(() => initTestI18n('ru'));
afterEach(() => vi.unstubAllGlobals());

function open(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  setNavigator(vi.fn());
  render(
    <MemoryRouter initialEntries={['/ru/behalf_auth?userId=41']}>
      <Routes>
        <Route path="/:lang/behalf_auth" element={<BehalfAuth />} />
      </Routes>
    </MemoryRouter>,
  );
}

const target = {
  userId: 41,
  role: 'student',
  firstname: 'Айгерім',
  surname: 'Нұрланова',
  lastname: null,
  group: '7А',
};

describe('behalf_auth asks before switching the session', () => {
  it('names whose session it opens and sends nothing that switches until confirmed', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/auth/behalf/41')) return Response.json({ data: target });
      if (url.endsWith('/auth/behalf'))
        return Response.json({
          access_token: 'behalf-token-0123456789',
          refresh_token: 'r',
          expires_in: 900,
          user: sessionUser('student'),
        });
      return Response.json({ defaultPass: false });
    });
    open(fetch);
    expect(
      await screen.findByText(
        'Вы войдёте от имени: Нұрланова Айгерім (ученик, 7А). Это действие записывается в журнал. Продолжить?',
      ),
    ).toBeTruthy();
    // Opening the link only read who it is.
    expect(calls).toEqual(['GET /api/v2/os/auth/behalf/41']);
    await userEvent.click(screen.getByRole('button', { name: 'Да, войти от имени' }));
    await vi.waitFor(() => expect(calls).toContain('POST /api/v2/os/auth/behalf'));
    const post = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith('/auth/behalf') && init?.method === 'POST',
    ) as [string, RequestInit];
    expect(JSON.parse(String(post[1].body))).toEqual({ userId: 41, confirmed: true });
  });

  it('someone it may not switch to: the failure, no question', async () => {
    open(vi.fn(async () => Response.json({ message: 'x' }, { status: 403 })));
    expect(await screen.findByText('Не удалось войти от имени пользователя')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
