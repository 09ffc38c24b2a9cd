import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import Create from './Create';

/** The server behind the form: the lesson, no published content, and the create call recorded. */
function serve() {
  const posted: { deadline?: string }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/homework/control/5/create') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)) as { deadline?: string });
        return json(201, { data: { id: 77 } });
      }
      if (url.pathname.endsWith('/schedule/lesson/5'))
        return json(200, {
          data: {
            lesson: {
              id: 5,
              date: '2026-11-18',
              subject: { id: 1, name: 'Алгебра' },
              group: { id: 7, name: '7А' },
            },
          },
        });
      if (url.pathname.endsWith('/schedule/published-content')) return json(200, { data: [] });
      return json(404, { message: 'Табылмады' });
    }),
  );
  return posted;
}

function mount() {
  window.history.replaceState(null, '', '/kk/homework/control/5/create');
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/kk/homework/control/5/create']}>
        <Routes>
          <Route path="/:lang/homework/control/:scheduleId/create" element={<Create />} />
          <Route path="*" element={<p>saved</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

// The kit's growing text area listens for web fonts; happy-dom has no document.fonts.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('homework create: the deadline', () => {
  it('refuses a deadline not in DD.MM.YYYY HH:MM at the field, keeping what was typed', async () => {
    const posted = serve();
    mount();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Мәтін/ }), '§14');
    const deadline = screen.getByRole('textbox', { name: /Тапсыру мерзімі/ });
    await user.clear(deadline);
    await user.type(deadline, '2026-11-25 20:00');
    await user.click(screen.getByRole('button', { name: 'Үй тапсырмасын беру' }));
    expect(await screen.findByText(/КК\.АА\.ЖЖЖЖ СС:ММ түрінде/)).toBeTruthy();
    expect((deadline as HTMLInputElement).value).toBe('2026-11-25 20:00');
    expect(posted).toEqual([]);
  }, 15_000);

  it('typed, the deadline is sent as that instant of school time', async () => {
    const typed = serve();
    mount();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Мәтін/ }), '§14');
    const field = screen.getByRole('textbox', { name: /Тапсыру мерзімі/ });
    await user.clear(field);
    await user.type(field, '25.11.2026 20:00');
    await user.click(screen.getByRole('button', { name: 'Үй тапсырмасын беру' }));
    await screen.findByText('saved');
    expect(typed.map((b) => b.deadline)).toEqual(['2026-11-25T15:00:00.000Z']);
  }, 15_000);

  it('picked in the calendar, the same instant is sent as when typed', async () => {
    const picked = serve();
    mount();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Мәтін/ }), '§14');
    const again = screen.getByRole('textbox', { name: /Тапсыру мерзімі/ });
    await user.clear(again);
    await user.type(again, '01.10.2026 20:00');
    await user.click(screen.getByRole('button', { name: /^Күнтізбені ашу: Тапсыру мерзімі/ }));
    const calendar = await screen.findByRole('dialog');
    // It opens on the month of the day in the field (October); November is one click on.
    await within(calendar).findByRole('button', { name: 'Келесі ай' });
    expect(within(calendar).queryByRole('button', { name: '25 қараша 2026' })).toBeNull();
    await user.click(within(calendar).getByRole('button', { name: 'Келесі ай' }));
    await user.click(within(calendar).getByRole('button', { name: '25 қараша 2026' }));
    // The time already typed is kept.
    expect((again as HTMLInputElement).value).toBe('25.11.2026 20:00');
    await user.click(within(calendar).getByRole('button', { name: 'Дайын' }));
    await user.click(screen.getByRole('button', { name: 'Үй тапсырмасын беру' }));
    await waitFor(() =>
      expect(picked.map((b) => b.deadline)).toEqual(['2026-11-25T15:00:00.000Z']),
    );
  }, 15_000);
});
