import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SchoolSettings as Settings } from '@sabaq/platform';
import { initTestI18n } from '../../test/i18n';
import SchoolSettings from './SchoolSettings';

beforeAll(() => initTestI18n('kz'));
afterEach(() => vi.unstubAllGlobals());

const settings: Settings = {
  nameKz: 'Астана қаласының № 54 мектеп-лицейі',
  nameRu: 'Школа-лицей № 54 города Астаны',
  addressKz: 'Астана қ., Тұран даңғылы, 37',
  addressRu: 'г. Астана, проспект Туран, 37',
  bin: '060940012343',
  shifts: [
    { shift: 1, bells: [{ startsAt: '08:00', endsAt: '08:40' }] },
    { shift: 2, bells: [{ startsAt: '13:30', endsAt: '14:10' }] },
  ],
  schoolYear: '2026-2027',
  quarters: [
    { quarter: 1, start: '2026-09-01', end: '2026-10-26', isCurrent: false },
    { quarter: 2, start: '2026-11-03', end: '2026-12-28', isCurrent: true },
  ],
  holidays: [],
  weights: { formative: 25, sor: 25, soch: 50 },
};

function stub() {
  const puts: Settings[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'PUT') {
        const body = JSON.parse(String(init?.body)) as Settings;
        puts.push(body);
        return Response.json({ data: body });
      }
      return Response.json({ data: settings });
    }),
  );
  return puts;
}

function show() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SchoolSettings />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('backoffice/school-settings', () => {
  it('shows dates as DD.MM.YYYY and refuses overlapping quarters before sending', async () => {
    const puts = stub();
    show();
    const start = await screen.findByLabelText('2-тоқсан: Басталуы');
    expect((start as HTMLInputElement).value).toBe('03.11.2026');
    await userEvent.clear(start);
    await userEvent.type(start, '20.10.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    expect(await screen.findByText('Тоқсандар бір-бірімен қабаттаспауы керек')).toBeTruthy();
    expect(puts).toHaveLength(0);
  }, 15_000);

  it('a date that is not real is named at its field', async () => {
    const puts = stub();
    show();
    const end = await screen.findByLabelText('1-тоқсан: Аяқталуы');
    await userEvent.clear(end);
    await userEvent.type(end, '31.09.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    expect(await screen.findByText('Күн қате')).toBeTruthy();
    expect(puts).toHaveLength(0);
  }, 15_000);

  it('saves holidays and weights with ISO dates', async () => {
    const puts = stub();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Демалыс қосу' }));
    const [from, to] = screen
      .getAllByLabelText('Басталуы')
      .slice(-1)
      .concat(screen.getAllByLabelText('Аяқталуы').slice(-1));
    await userEvent.type(from!, '16.12.2026');
    await userEvent.type(to!, '17.12.2026');
    const names = screen.getAllByLabelText(/Атауы \(қазақша\)/);
    await userEvent.type(names[names.length - 1]!, 'Тәуелсіздік күні');
    const ru = screen.getAllByLabelText(/Атауы \(орысша\)/);
    await userEvent.type(ru[ru.length - 1]!, 'День Независимости');
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.holidays).toEqual([
      {
        start: '2026-12-16',
        end: '2026-12-17',
        nameKz: 'Тәуелсіздік күні',
        nameRu: 'День Независимости',
      },
    ]);
    expect(puts[0]?.quarters[0]).toMatchObject({ start: '2026-09-01', end: '2026-10-26' });
  }, 20_000);
});

describe('backoffice/school-settings: the holidays the timetable uses (issue 30)', () => {
  it('lists the law’s days off and saves the one the school works on', async () => {
    const puts: Settings[] = [];
    const withPublic: Settings = {
      ...settings,
      publicHolidays: [
        {
          date: '2026-12-16',
          nameKz: 'Тәуелсіздік күні',
          nameRu: 'День Независимости',
          worked: false,
        },
        { date: '2027-01-01', nameKz: 'Жаңа жыл', nameRu: 'Новый год', worked: false },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'PUT') {
          const body = JSON.parse(String(init?.body)) as Settings;
          puts.push(body);
          return Response.json({ data: body });
        }
        return Response.json({ data: withPublic });
      }),
    );
    show();
    const list = await screen.findByTestId('public-holidays');
    expect(list.textContent).toContain('16.12.2026');
    expect(list.textContent).toContain('Тәуелсіздік күні');
    // The school's own list is empty, said as such — the law's days are not "none".
    expect(screen.getByText('Мектептің өз демалыстары әлі енгізілмеген')).toBeTruthy();
    await userEvent.click(
      within(list).getByRole('checkbox', { name: 'Мектеп жұмыс істейді: 01.01.2027' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.publicHolidays?.map((d) => [d.date, d.worked])).toEqual([
      ['2026-12-16', false],
      ['2027-01-01', true],
    ]);
  }, 20_000);
});
