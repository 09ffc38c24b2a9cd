import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { store } from '../../session/store';
import { initTestI18n } from '../../test/i18n';
import { serve } from '../../test/serve';
import RegistrationConfirm from './RegistrationConfirm';

beforeAll(() => initTestI18n('kz'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

describe('registration confirm (issue 30)', () => {
  it('a right code signs the new user in instead of sending them back to login', async () => {
    const iin = '010315677824';
    const calls = serve({
      'POST /api/v2/os/auth/register/confirm': () => [
        200,
        {
          access_token: 'token-1',
          refresh_token: 'r',
          expires_in: 900,
          user: { userId: 77, iin, role: 'guest', firstname: 'Аружан', surname: 'Бекова' },
        },
      ],
      'GET /api/v2/os/profile/need-pass-change': () => [200, { defaultPass: false }],
    });
    render(
      <MemoryRouter initialEntries={[`/kk/registation/confirm?iin=${iin}`]}>
        <Routes>
          <Route path="/:lang/registation/confirm" element={<RegistrationConfirm />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText(/код/i, { selector: 'input' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: /раста/i }));
    await vi.waitFor(() => expect(store.get().user?.userId).toBe(77));
    expect(store.get().session).toBe('ready');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v2/os/auth/register/confirm',
      body: { iin, code: '123456' },
    });
  });
});
