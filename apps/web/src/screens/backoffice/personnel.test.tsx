import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { StaffMember } from '@sabaq/platform';
import { initTestI18n } from '../../test/i18n';
import Personnel from './Personnel';

beforeAll(() => initTestI18n('kz'));
afterEach(() => vi.unstubAllGlobals());

interface Call {
  method: string;
  path: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Stubs fetch: `METHOD /path-regex` → [status, json]; records every call. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function serve(routes: Record<string, (body: any) => [number, unknown]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname + url.search, body });
      const key = Object.keys(routes).find((k) => {
        const [m, p] = k.split(' ');
        return m === method && new RegExp(`^${p}$`).test(url.pathname);
      });
      const [status, json] = key ? routes[key]!(body) : [404, { message: 'Табылмады' }];
      return new Response(JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: 1,
  iin: '850211400123',
  surname: 'Ахметова',
  firstname: 'Гүлнар',
  lastname: 'Қайратқызы',
  role: 'teacher',
  subrole: null,
  position: 'Математика пәнінің мұғалімі',
  phone: '77011234502',
  email: 'gulnar@demo.kz',
  subjects: [{ id: 5, name: 'Математика' }],
  classes: [{ id: 7, name: '7А' }],
  defaultPass: false,
  dismissedAt: null,
  manageable: true,
  ...over,
});

const list = {
  data: {
    staff: [
      member({}),
      member({
        id: 2,
        surname: 'Жұмабаева',
        firstname: 'Сәуле',
        subrole: 'DCR',
        iin: '880723400456',
      }),
      member({
        id: 3,
        surname: 'Қасымова',
        firstname: 'Мәдина',
        role: 'director',
        manageable: false,
      }),
    ],
    subjects: [{ id: 5, name: 'Математика' }],
  },
};

function show() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <Personnel />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const P = '/api/v2/os/backoffice/personnel';

describe('backoffice/personnel', () => {
  it('lists staff with role labels, subjects, classes and contact; the director has no actions', async () => {
    serve({ [`GET ${P}`]: () => [200, list] });
    show();
    const lead = (await screen.findByText('Жұмабаева Сәуле Қайратқызы')).closest('tr')!;
    expect(within(lead).getByText('Сынып жетекшісі')).toBeTruthy();
    expect(within(lead).getByText('Математика')).toBeTruthy();
    expect(within(lead).getByText('7А')).toBeTruthy();
    expect(within(lead).getByText('+77011234502')).toBeTruthy();
    expect(within(lead).getByRole('button', { name: /әрекеттер/ })).toBeTruthy();
    const director = screen.getByText('Қасымова Мәдина Қайратқызы').closest('tr')!;
    expect(within(director).getByText('Директор')).toBeTruthy();
    expect(within(director).queryByRole('button')).toBeNull();
  });

  it('hires by IIN, shows a server field error under its field, then the one-time password', async () => {
    let attempt = 0;
    const calls = serve({
      [`GET ${P}`]: () => [200, list],
      [`POST ${P}`]: (body) =>
        ++attempt === 1
          ? [422, { message: 'Тексеру қатесі', errors: { iin: ['ЖСН қате'] } }]
          : [
              201,
              {
                data: {
                  member: member({ id: 9, iin: body.iin, surname: body.surname }),
                  password: 'Kpqrst-2345!',
                },
              },
            ],
    });
    show();
    await screen.findByText('Жұмабаева Сәуле Қайратқызы');
    await userEvent.click(screen.getByRole('button', { name: 'Қызметкерді қабылдау' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/ЖСН/), '9105-1540 0011');
    await userEvent.type(within(dialog).getByLabelText(/Тегі/), 'Сынақова');
    await userEvent.type(within(dialog).getByLabelText(/^Аты/), 'Айгүл');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Қызметкерді қабылдау' }));
    expect(await within(dialog).findByText('ЖСН қате')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      iin: '910515400011',
      surname: 'Сынақова',
      firstname: 'Айгүл',
      role: 'teacher',
      subrole: null,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Қызметкерді қабылдау' }));
    expect(await screen.findByTestId('default-password')).toHaveProperty(
      'textContent',
      'Kpqrst-2345!',
    );
    // Issue 29: the one-time password is copied with one press.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Құпиясөзді көшіру' }));
    expect(writeText).toHaveBeenCalledWith('Kpqrst-2345!');
    expect(await screen.findByRole('button', { name: 'Көшірілді' })).toBeTruthy();
  }, 20_000);

  it('import: every bad row is listed by number and nothing is said to be saved', async () => {
    const calls = serve({
      [`GET ${P}`]: () => [200, list],
      [`POST ${P}/import`]: () => [
        422,
        {
          message: 'Жолдарда қате бар (2): ештеңе сақталмады',
          errors: { 'rows.10': ['10-жол: рөлі белгісіз'], 'rows.3': ['3-жол: ЖСН қате'] },
        },
      ],
    });
    const { container } = render(
      <MantineProvider>
        <MemoryRouter>
          <Personnel />
        </MemoryRouter>
      </MantineProvider>,
    );
    await screen.findByText('Жұмабаева Сәуле Қайратқызы');
    await userEvent.click(screen.getByRole('button', { name: 'Excel-ден жүктеу' }));
    await screen.findByRole('dialog');
    const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File(['xlsx'], 'staff.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Жүктеу' }));
    const errors = await screen.findByTestId('import-errors');
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '3-жол: ЖСН қате',
      '10-жол: рөлі белгісіз',
    ]);
    expect(screen.getByText('Файлда қателер бар, ештеңе сақталмады:')).toBeTruthy();
    const post = calls.find((c) => c.path.endsWith('/import'));
    expect(post?.body.xlsx).toBe(btoa('xlsx'));
    expect(container).toBeTruthy();
  });

  it('dismiss asks first, then calls the server and reloads', async () => {
    const calls = serve({
      [`GET ${P}`]: () => [200, list],
      [`POST ${P}/1/dismiss`]: () => [200, { message: 'Сәтті' }],
    });
    show();
    const row = (await screen.findByText('Ахметова Гүлнар Қайратқызы')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /әрекеттер/ }));
    await userEvent.click(await screen.findByText('Жұмыстан шығару'));
    expect(calls.some((c) => c.path.endsWith('/dismiss'))).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Растау' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/dismiss'))).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(2));
  });
});
