import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArchiveJournal, ArchivedGroup as Archived, YearPreview } from '@sabaq/platform';
import ArchivedGroup from './ArchivedGroup';
import { YearTransition } from './YearTransition';
import { renderAt, serve } from './test-kit';
import { YEAR_TEXTS, yearText } from './year-texts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const B = '/api/v2/os/backoffice';
const kz = yearText('kz');

const preview: YearPreview = {
  fromYear: '2026-2027',
  toYear: '2027-2028',
  state: 'ready',
  doneAt: null,
  opensOn: null,
  moves: [
    { groupId: 11, from: '7А', to: '8А', pupils: 14 },
    { groupId: 3, from: '1А', to: '2А', pupils: 20 },
  ],
  graduates: [{ groupId: 20, name: '11А', pupils: 2 }],
  opens: [{ name: '1А', letter: 'А', eduLang: { id: 1, name: 'Қазақ тілі' } }],
  periods: [
    { quarter: 1, start: '2027-09-01', end: '2027-10-26', exists: false },
    { quarter: 2, start: '2027-11-03', end: '2027-12-28', exists: true },
  ],
  conflicts: [],
  langs: [
    { id: 1, name: 'Қазақ тілі' },
    { id: 2, name: 'Орыс тілі' },
  ],
};

function job(status: 'queued' | 'running' | 'done', done: number) {
  return {
    id: 7,
    kind: 'year.transition',
    status,
    stage: status === 'done' ? 'done' : 'transition',
    done,
    total: 1,
    error: null,
    createdAt: '2026-11-23T10:00:00Z',
    finishedAt: status === 'done' ? '2026-11-23T10:00:01Z' : null,
    result:
      status === 'done'
        ? {
            fromYear: '2026-2027',
            toYear: '2027-2028',
            moved: preview.moves,
            graduated: preview.graduates,
            leavers: 2,
            opened: [{ groupId: 40, name: '1А' }],
            periodsCreated: 1,
          }
        : null,
  };
}

describe('year texts', () => {
  it('have the same keys in kz and ru, none empty', () => {
    expect(Object.keys(YEAR_TEXTS.ru)).toEqual(Object.keys(YEAR_TEXTS.kz));
    for (const dict of Object.values(YEAR_TEXTS))
      for (const v of Object.values(dict)) expect(v.trim()).not.toBe('');
  });
});

describe('the year transition (backoffice/school-settings)', () => {
  it('shows the preview, checks changed first classes again, confirms and follows the job', async () => {
    let reads = 0;
    const calls = serve({
      [`POST ${B}/contingent/upgrade/preview`]: (body: { newClasses?: unknown[] }) => [
        200,
        {
          data: body.newClasses
            ? {
                ...preview,
                opens: [],
                conflicts: [],
              }
            : preview,
        },
      ],
      [`POST ${B}/contingent/upgrade`]: () => [202, { data: job('queued', 0) }],
      'GET /api/v2/os/jobs/7': () => [200, { data: job(++reads > 1 ? 'done' : 'running', 0) }],
    });
    renderAt(
      '/kk/backoffice/school-settings',
      '/kk/backoffice/school-settings',
      <YearTransition />,
    );
    await userEvent.click(screen.getByRole('button', { name: kz('open') }));
    const dialog = await screen.findByRole('dialog', {
      name: kz('previewTitle', { from: '2026-2027', to: '2027-2028' }),
    });
    const moves = within(dialog).getAllByTestId('year-move');
    expect(moves.map((row) => row.textContent)).toEqual(['7А8А14', '1А2А20']);
    expect(within(dialog).getByText('11А — 2')).toBeTruthy();
    expect(within(dialog).getByText(/01\.09\.2027 – 26\.10\.2027/).textContent).toContain(
      kz('willCreate'),
    );
    expect(
      (within(dialog).getByLabelText(kz('classLetter', { n: 1 })) as HTMLInputElement).value,
    ).toBe('А');
    // Removing the first class makes the preview stale: confirm waits for a new check.
    await userEvent.click(
      within(dialog).getByRole('button', { name: kz('removeClass', { name: '1А' }) }),
    );
    expect(within(dialog).getByText(kz('recheck'))).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: kz('confirm') });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: kz('check') }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/upgrade/preview')).at(-1)?.body).toEqual({
        newClasses: [],
      }),
    );
    const ready = await within(dialog).findByRole('button', { name: kz('confirm') });
    await waitFor(() => expect((ready as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(ready);
    const done = await screen.findByTestId('year-done');
    expect(done.textContent).toBe(kz('done', { moved: 2, graduated: 1, leavers: 2, opened: 1 }));
    expect(calls.find((c) => c.path === `${B}/contingent/upgrade`)?.body).toEqual({
      fromYear: '2026-2027',
      newClasses: [],
    });
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('lists conflicts and keeps confirm off; a year done says so', async () => {
    serve({
      [`POST ${B}/contingent/upgrade/preview`]: () => [
        200,
        {
          data: {
            ...preview,
            conflicts: [
              { code: 'new_class_repeated', name: '1Ж', message: '1Ж сыныбы екі рет аталған' },
            ],
          },
        },
      ],
    });
    renderAt(
      '/kk/backoffice/school-settings',
      '/kk/backoffice/school-settings',
      <YearTransition />,
    );
    await userEvent.click(screen.getByRole('button', { name: kz('open') }));
    const list = await screen.findByTestId('year-conflicts');
    expect(list.textContent).toBe('1Ж сыныбы екі рет аталған');
    expect(
      (screen.getByRole('button', { name: kz('confirm') }) as HTMLButtonElement).disabled,
    ).toBe(true);
    cleanup();
    serve({
      [`POST ${B}/contingent/upgrade/preview`]: () => [
        200,
        {
          data: {
            ...preview,
            fromYear: '2027-2028',
            toYear: '2028-2029',
            state: 'done',
            doneAt: '2026-11-23T10:00:01Z',
            opensOn: '2027-09-01',
          },
        },
      ],
    });
    renderAt(
      '/kk/backoffice/school-settings',
      '/kk/backoffice/school-settings',
      <YearTransition />,
    );
    await userEvent.click(screen.getByRole('button', { name: kz('open') }));
    const status = await screen.findByText(/01\.09\.2027/);
    expect(status.textContent).toContain('23.11.2026');
    expect(screen.queryByRole('button', { name: kz('confirm') })).toBeNull();
  });
});

describe("an archived class's journal (backoffice/archive/{groupId})", () => {
  it('reads the journal of its year per subject and quarter; nothing to type into', async () => {
    const archived: { data: Archived } = {
      data: {
        group: {
          id: 20,
          name: '11А',
          eduLang: 'Қазақ тілі',
          archived: true,
          archivedAt: '2026-05-31T12:00:00Z',
        },
        pupils: [{ id: 501, fullname: 'Әбдірахманов Ерасыл', left: false }],
        subjects: [
          { id: 4, name: 'Алгебра', teachers: [] },
          { id: 5, name: 'Физика', teachers: [] },
        ],
      },
    };
    const journal = (subjectId: number, periodId: number): { data: ArchiveJournal } => ({
      data: {
        schoolYear: '2025-2026',
        periods: [
          { id: 91, name: 'III тоқсан' },
          { id: 92, name: 'IV тоқсан' },
        ],
        grid: {
          group: { id: 20, name: '11А' },
          subject: { id: subjectId, name: subjectId === 4 ? 'Алгебра' : 'Физика' },
          subgroup: null,
          subgroups: subjectId === 5 ? [{ id: 8, name: '1-топ', students: 1 }] : [],
          period: {
            id: periodId,
            name: periodId === 92 ? 'IV тоқсан' : 'III тоқсан',
            quarter: periodId === 92 ? 4 : 3,
            startDate: '2026-03-30',
            endDate: '2026-05-25',
            is_current: false,
          },
          lessons: periodId === 92 ? [{ id: 1, date: '2026-04-02', theme: '' }] : [],
          assessments: [],
          rows: [
            {
              student: { id: 501, fullname: 'Әбдірахманов Ерасыл' },
              cells: periodId === 92 ? [{ lessonId: 1, mark: 9, absent: false }] : [],
              points: {},
              result: { formative: 9, sor: null, soch: null, total: 90, grade: 5 },
            },
          ],
          config: {
            weights: { formative: 25, sor: 25, soch: 50 },
            bands: [],
            lowestGrade: 2,
            formativeMax: 10,
          },
        },
      },
    });
    const calls = serve(
      {
        [`GET ${B}/archive/20`]: () => [200, archived],
        [`GET ${B}/archive/20/journal/(4|5)`]: (_b, path) => [
          200,
          journal(Number(path.split('/').at(-1)), 92),
        ],
      },
      { withSearch: true },
    );
    renderAt('/kk/backoffice/archive/20', '/kk/backoffice/archive/:groupId', <ArchivedGroup />);
    const table = await screen.findByTestId('archived-journal');
    expect(
      screen.getByRole('heading', { name: kz('journal', { year: '2025-2026' }) }),
    ).toBeTruthy();
    const row = within(table).getByRole('row', { name: /Әбдірахманов/ });
    expect(row.textContent).toBe('Әбдірахманов Ерасыл95');
    expect(within(table).queryAllByRole('textbox')).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText(kz('subject')), '5');
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${B}/archive/20/journal/5`)).toBe(true),
    );
    // Physics was split: its subgroup's page, then another quarter of it.
    await userEvent.selectOptions(await screen.findByLabelText(kz('subgroup')), '8');
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${B}/archive/20/journal/5?subgroupId=8`)).toBe(true),
    );
    await userEvent.selectOptions(screen.getByLabelText(kz('period')), '91');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === `${B}/archive/20/journal/5?periodId=91&subgroupId=8`),
      ).toBe(true),
    );
  });
});
