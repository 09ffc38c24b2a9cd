import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ExamAttempt } from '@sabaq/platform';
import { serve } from '../../test/serve';
import { ResultOverride } from './ResultOverride';

const attempt: ExamAttempt = {
  id: 5,
  userId: 9,
  draftId: 'sor-1',
  version: 12,
  answers: {},
  results: [],
  score: 6,
  maxScore: 11,
  percent: 54.5,
  pending: false,
  finishedAt: '2026-11-23T05:00:00Z',
  override: null,
  shown: 'full',
};

afterEach(() => vi.unstubAllGlobals());

describe("the teacher's override of a result (issue 20)", () => {
  it('shows the server’s message at the comment, then saves points with the comment beside the computed score', async () => {
    const url = '/api/v2/os/schedule/progress/sor/3/sor-1/9/override';
    const calls = serve({
      [`PUT ${url}`]: (body: { points: number; comment: string }) =>
        body.comment.trim()
          ? [
              200,
              {
                data: {
                  ...attempt,
                  score: body.points,
                  override: { ...body, computedScore: 6, at: '2026-11-23T06:00:00Z' },
                },
              },
            ]
          : [
              422,
              {
                message: 'При изменении баллов напишите комментарий',
                errors: { comment: ['При изменении баллов напишите комментарий'] },
              },
            ],
    });
    const saved = vi.fn();
    render(
      <MantineProvider>
        <ResultOverride attempt={attempt} url={url} onSaved={saved} />
      </MantineProvider>,
    );
    const form = screen.getByRole('region', { name: 'Бағаны өзгерту' });
    within(form).getByText('Автоматты есептелген балл: 6 / 11');
    await userEvent.click(within(form).getByRole('button', { name: 'Бағаны сақтау' }));
    await within(form).findByText('При изменении баллов напишите комментарий');
    expect(saved).not.toHaveBeenCalled();
    const points = within(form).getByLabelText('Балл (0–11)');
    await userEvent.clear(points);
    await userEvent.type(points, '8');
    await userEvent.type(within(form).getByLabelText('Түсініктеме'), 'Шешім дұрыс');
    await userEvent.click(within(form).getByRole('button', { name: 'Бағаны сақтау' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { points: 8, comment: 'Шешім дұрыс' },
    });
    expect(saved.mock.calls[0]![0]).toMatchObject({ score: 8, override: { computedScore: 6 } });
  }, 20_000);
});
