import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routeById } from '@sabaq/platform';
import { initTestI18n } from '../test/i18n';
import { Breadcrumbs } from './Breadcrumbs';
import { useCrumbLabels } from './crumb-labels';

function Journal() {
  useCrumbLabels({ 'journal-group': '7А', 'journal-subject': 'Алгебра' });
  return <p>журнал</p>;
}

function show(path: string, routeId: string, element: React.ReactNode) {
  const route = routeById(routeId)!;
  const router = createMemoryRouter(
    [
      {
        path: `/:lang/${route.path}`,
        handle: { route },
        element: (
          <>
            <Breadcrumbs />
            {element}
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('breadcrumbs with what the screen knows (issue 29)', () => {
  it('say «7А / Алгебра» on the journal, not «Сынып / Пән»', async () => {
    initTestI18n('kz');
    show('/kk/control/journal/groups/5/9', 'journal-subject', <Journal />);
    await screen.findByText('журнал');
    const trail = await screen.findByRole('navigation');
    expect(within(trail).getByRole('link', { name: '7А' }).getAttribute('href')).toBe(
      '/kk/control/journal/groups/5',
    );
    expect(within(trail).getByText('Алгебра')).toBeTruthy();
    expect(within(trail).queryByText('Сынып')).toBeNull();
    expect(within(trail).queryByText('Пән')).toBeNull();
  });

  it('put a SOR opened from the exam catalogue under the exam catalogue', async () => {
    initTestI18n('ru');
    show('/ru/content/lessons/platform/sor/demo-sor', 'contest-lesson-platform', <p>СОР</p>);
    const trail = await screen.findByRole('navigation');
    expect(within(trail).getByRole('link', { name: 'Каталог СОР и СОЧ' })).toBeTruthy();
    expect(trail.textContent).not.toMatch(/конкурс/i);
  });
});
