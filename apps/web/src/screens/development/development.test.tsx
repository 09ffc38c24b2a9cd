import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevelopmentCard } from '@sabaq/platform';
import { serve } from '../../test/serve';
import Card from './Card';
import { DEVELOPMENT_TEXTS } from './texts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const levels = (start: 1 | 2 | 3 | null) => ({ start, middle: null, end: null });
const card = (level: 1 | 2 | 3 | null, comment = ''): DevelopmentCard => ({
  child: { id: 7, name: 'Асанова Аружан', born: '2021-03-04' },
  group: { id: 3, name: 'А' },
  ageGroup: 'senior',
  ageGroupTitle: 'Ересек топ (4–5 жас)',
  canEdit: true,
  areas: [
    {
      area: 'health',
      title: 'Денсаулық',
      skills: [{ id: 11, title: 'Негізгі қимылдарды орындайды', levels: levels(level) }],
      levels: levels(level),
      notes: {
        start: comment ? { comment, recommendation: '' } : null,
        middle: null,
        end: null,
      },
    },
  ],
  overall: levels(level),
});

describe('developmental card screens', () => {
  it('has every label in both languages', () => {
    expect(Object.keys(DEVELOPMENT_TEXTS.kz).sort()).toEqual(
      Object.keys(DEVELOPMENT_TEXTS.ru).sort(),
    );
  });

  it('saves a level as it is chosen and shows the levels that follow from it', async () => {
    const calls = serve({
      'GET /api/v2/os/development/cards/7': () => [200, { data: card(null) }],
      'PUT /api/v2/os/development/cards/7': (body) => [200, { data: card(body.level) }],
      'PUT /api/v2/os/development/cards/7/notes': (body) => [200, { data: card(3, body.comment) }],
    });
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/individual-card/individual_card/children/7']}>
          <Routes>
            <Route path="/kk/individual-card/individual_card/children/:userId" element={<Card />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    await screen.findByRole('heading', { name: 'Асанова Аружан', level: 1 });
    expect(screen.getByText('04.03.2021')).toBeTruthy();
    const select = screen.getByRole('combobox', {
      name: 'Негізгі қимылдарды орындайды: Бастапқы бақылау',
    });
    await userEvent.selectOptions(select, '3');
    await waitFor(() =>
      expect(document.querySelector('.dev-status')!.textContent).toBe('Сақталды'),
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { skillId: 11, stage: 'start', level: 3 },
    });
    const health = screen.getByRole('table', { name: 'Денсаулық' });

    // A comment for the start stage, saved with its button and shown once written.
    const comment = screen.getByRole('textbox', { name: 'Денсаулық: Пікір' });
    await userEvent.type(comment, 'Жүгіруді ұнатады');
    await userEvent.click(screen.getByRole('button', { name: 'Сақтау' }));
    await screen.findByText('Пікір: Жүгіруді ұнатады');
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/v2/os/development/cards/7/notes',
      body: { stage: 'start', area: 'health', comment: 'Жүгіруді ұнатады', recommendation: '' },
    });
    const areaRow = within(health).getByRole('row', { name: /Сала деңгейі/ });
    expect(within(areaRow).getAllByRole('cell')[0]!.textContent).toBe('III');
  });
});
