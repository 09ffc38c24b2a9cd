import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupList } from '@sabaq/platform';
import Groups from './Groups';
import { ROSTER_TEXTS, rosterText } from './roster-texts';
import { renderAt, serve } from './test-kit';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const B = '/api/v2/os/backoffice';
const kz = rosterText('kz');

function classes(pupils: number): { data: GroupList } {
  return {
    data: {
      canManage: true,
      parallels: [
        {
          parallel: 7,
          groups: [
            {
              id: 11,
              parallel: 7,
              letter: 'А',
              name: '7А',
              eduLang: { id: 1, name: 'Қазақ тілі' },
              teachers: [],
              pupils,
            },
          ],
        },
      ],
    },
  };
}

async function upload() {
  await screen.findByRole('dialog');
  const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(
    input,
    new File(['xlsx'], 'roster.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  await userEvent.click(screen.getByRole('button', { name: kz('run') }));
}

/** The import's job as the server answers it (jobs.get). */
function job(status: 'queued' | 'running' | 'done', done: number, result: unknown) {
  return {
    id: 41,
    kind: 'roster.import',
    status,
    stage: status === 'done' ? 'done' : 'passwords',
    done,
    total: 1,
    error: null,
    createdAt: '2026-11-23T10:00:00Z',
    finishedAt: status === 'done' ? '2026-11-23T10:00:02Z' : null,
    result,
  };
}

describe('roster texts', () => {
  it('have the same keys in kz and ru, none empty', () => {
    expect(Object.keys(ROSTER_TEXTS.ru)).toEqual(Object.keys(ROSTER_TEXTS.kz));
    for (const dict of Object.values(ROSTER_TEXTS))
      for (const v of Object.values(dict)) expect(v.trim()).not.toBe('');
  });
});

describe('backoffice/groups roster import', () => {
  it('lists every bad row by number; the fixed file imports, shows passwords and reloads', async () => {
    let pupils = 14;
    let attempt = 0;
    let reads = 0;
    const calls = serve({
      [`GET ${B}/groups`]: () => [200, classes(pupils)],
      [`POST ${B}/contingent/import`]: () => {
        attempt++;
        if (attempt === 1)
          return [
            422,
            {
              message: 'Жолдарда қате бар (2): ештеңе сақталмады',
              errors: {
                'rows.12': ['12-жол: мектепте мұндай сынып жоқ'],
                'rows.3': ['3-жол: ЖСН қате'],
              },
            },
          ];
        // A good file is queued as a job (202); the screen follows it to its result.
        return [202, { data: job('queued', 0, null) }];
      },
      [`GET /api/v2/os/jobs/41`]: () => {
        reads++;
        if (reads === 1) return [200, { data: job('running', 1, null) }];
        pupils = 15;
        return [
          200,
          {
            data: job('done', 1, {
              unchanged: 14,
              moved: 0,
              created: [
                {
                  iin: '120410500018',
                  fullname: 'Жаңабаев Нұрлан',
                  className: '7А',
                  password: 'AB-x',
                },
              ],
            }),
          },
        ];
      },
    });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: kz('import') }));
    await upload();
    const errors = await screen.findByTestId('import-errors');
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '3-жол: ЖСН қате',
      '12-жол: мектепте мұндай сынып жоқ',
    ]);
    expect(screen.getByText(kz('errors'))).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/contingent/import'))?.body).toEqual({
      xlsx: btoa('xlsx'),
    });

    await userEvent.click(screen.getByRole('button', { name: kz('run') }));
    const dialog = await screen.findByRole('dialog');
    // While the job runs, its progress; then what it did.
    const running = await within(dialog).findByRole('status');
    expect(running.textContent).toMatch(/^Есептік жазбалар дайындалуда: [01] \/ 1/);
    const status = await within(dialog).findByText(
      kz('done', { created: 1, moved: 0, unchanged: 14 }),
    );
    expect(status.getAttribute('role') ?? status.closest('[role]')?.getAttribute('role')).toBe(
      'status',
    );
    const row = within(dialog).getByText('Жаңабаев Нұрлан').closest('tr')!;
    expect(row.textContent).toContain('7А');
    expect(row.textContent).toContain('AB-x');
    expect(reads).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(dialog).getByRole('button', { name: kz('close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')[1]!.textContent).toContain('15'),
    );
  });

  it('a large import shows how its passwords are being protected, then that every pupil can sign in', async () => {
    let reads = 0;
    const passwordsJob = (status: 'running' | 'done', done: number) => ({
      ...job(status, done, status === 'done' ? { hashed: 300 } : null),
      id: 42,
      kind: 'roster.passwords',
      total: 300,
    });
    serve({
      [`GET ${B}/groups`]: () => [200, classes(14)],
      [`POST ${B}/contingent/import`]: () => [
        200,
        {
          data: job('done', 1, {
            unchanged: 0,
            moved: 0,
            created: [
              {
                iin: '120410500018',
                fullname: 'Жаңабаев Нұрлан',
                className: '7А',
                password: 'AB-x',
              },
            ],
            passwordsJobId: 42,
          }),
        },
      ],
      [`GET /api/v2/os/jobs/42`]: () => {
        reads++;
        return [200, { data: passwordsJob(reads < 3 ? 'running' : 'done', reads < 3 ? 120 : 300) }];
      },
    });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: kz('import') }));
    await upload();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(kz('passwordsProgress', { done: 120, total: 300 }));
    expect(
      within(dialog).getByRole('progressbar', {
        name: kz('passwordsProgress', { done: 120, total: 300 }),
      }),
    ).toBeTruthy();
    await within(dialog).findByText(kz('passwordsReady'));
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    // The passwords stay on screen to be saved.
    expect(within(dialog).getByText('AB-x')).toBeTruthy();
  });

  it('export asks the server for the roster file', async () => {
    const calls = serve({ [`GET ${B}/groups`]: () => [200, classes(14)] });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: kz('export') }));
    await waitFor(() => expect(calls.some((c) => c.path === `${B}/contingent/export`)).toBe(true));
  });

  it('a class teacher sees no roster actions', async () => {
    serve({ [`GET ${B}/groups`]: () => [200, { data: { ...classes(3).data, canManage: false } }] });
    renderAt('/kk/backoffice/groups', '/kk/backoffice/groups', <Groups />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: kz('import') })).toBeNull();
    expect(screen.queryByRole('button', { name: kz('export') })).toBeNull();
  });
});
