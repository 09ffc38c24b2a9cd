import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { initTestI18n } from '../../test/i18n';
import { DraftList } from './DraftList';

beforeAll(() => initTestI18n('kz'));
afterEach(() => vi.unstubAllGlobals());

const row = (id: string, title: string, access: 'edit' | 'view', canDelete: boolean) => ({
  id,
  title,
  type: 'customLesson',
  lang: 'kz',
  version: 3,
  ownerId: 1,
  status: 'draft',
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
  publishedAt: null,
  access,
  canDelete,
});

describe('"My lessons" offers only what its reader may do (issue 21)', () => {
  it('asks for the reader’s own and shared drafts; Delete only where allowed; a refusal says why', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if ((init?.method ?? 'GET') === 'DELETE')
          return Response.json(
            { message: 'Сабақты тек оның авторы немесе мектеп басшылығы жоя алады' },
            { status: 403 },
          );
        return Response.json({
          data: [
            row('a', 'Менің сабағым', 'edit', true),
            row('b', 'Әріптестің сабағы', 'view', false),
          ],
        });
      }),
    );
    vi.stubGlobal('confirm', () => true);
    render(
      <MemoryRouter>
        <DraftList heading="Менің сабақтарым" types={['customLesson']} />
      </MemoryRouter>,
    );
    const mine = (await screen.findByText('Менің сабағым')).closest('tr')!;
    const shared = screen.getByText('Әріптестің сабағы').closest('tr')!;
    expect(calls[0]).toMatch(/scope=mine/);
    expect(within(shared).queryByRole('button', { name: /Жою/ })).toBeNull();
    expect(within(shared).getByText(/тек оқу/)).toBeTruthy();
    await userEvent.click(within(mine).getByRole('button', { name: /Жою/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Сабақты тек оның авторы немесе мектеп басшылығы жоя алады',
      ),
    );
  });
});
