import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { RegradePreview } from '@sabaq/platform';
import { serve } from '../../test/serve';
import { RegradeDialog } from './RegradeDialog';

afterEach(() => vi.unstubAllGlobals());
describe('the re-grade asked after a republish (issue 20)', () => {
  const preview: RegradePreview = {
    draftId: 'sor-1',
    title: 'Алгебра БЖБ',
    version: 14,
    rows: [
      {
        attemptId: 5,
        scheduleId: 3,
        lessonDate: '23.11.2026',
        groupName: '7А',
        student: { id: 9, fullname: 'Әлиев Арман' },
        oldVersion: 12,
        oldScore: 6,
        oldMaxScore: 11,
        newScore: 7,
        newMaxScore: 8,
        override: null,
        pending: false,
        changed: true,
      },
      {
        attemptId: 6,
        scheduleId: 3,
        lessonDate: '23.11.2026',
        groupName: '7А',
        student: { id: 10, fullname: 'Бекова Дана' },
        oldVersion: 12,
        oldScore: 6,
        oldMaxScore: 11,
        newScore: 7,
        newMaxScore: 8,
        override: 7.5,
        pending: false,
        changed: true,
      },
    ],
  };

  it('lists old and new points per attempt and confirms with the previewed version', async () => {
    const calls = serve({
      'GET /api/v2/os/drafts/sor-1/regrade': () => [200, { data: preview }],
      'POST /api/v2/os/drafts/sor-1/regrade': () => [
        200,
        { data: { version: 14, regraded: 2, rows: [] } },
      ],
    });
    const done = vi.fn();
    render(
      <MantineProvider>
        <RegradeDialog draftId="sor-1" onDone={done} />
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Тапсырылған жұмыстарды қайта бағалау',
    });
    const arman = within(dialog).getByRole('row', { name: /Әлиев Арман/ });
    expect(
      within(arman)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7А, 23.11.2026', '6 / 11', '7 / 8', '7 / 8']);
    within(within(dialog).getByRole('row', { name: /Бекова Дана/ })).getByText(
      'мұғалімнің бағасы 7.5 қалады',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Қайта бағалау' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(2));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { version: 14 } });
  }, 20_000);

  it('asks nothing when no handed-in work is older', async () => {
    serve({
      'GET /api/v2/os/drafts/sor-1/regrade': () => [200, { data: { ...preview, rows: [] } }],
    });
    const done = vi.fn();
    render(
      <MantineProvider>
        <RegradeDialog draftId="sor-1" onDone={done} />
      </MantineProvider>,
    );
    await waitFor(() => expect(done).toHaveBeenCalledWith(null));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
