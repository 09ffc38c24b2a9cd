import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { Draft } from '@sabaq/engine';
import { DraftRunner } from './DraftRunner';

/** One open question: just what the runner reads of a draft. */
const draft = {
  title: 'Сабақ',
  pages: [
    {
      id: 'p1',
      title: '',
      modules: [
        {
          id: 'm1',
          type: 'task',
          title: 'Ашық сұрақ',
          content: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Неге?' }] }],
          },
          options: null,
        },
      ],
    },
  ],
} as unknown as Draft;

describe('whose answer the runner shows (issue 18)', () => {
  it('a pupil reads "your answer"; staff reading a pupil’s work read "the pupil’s answer"', () => {
    const { unmount } = render(<DraftRunner draft={draft} answers={{}} />, {
      wrapper: MantineProvider,
    });
    expect(screen.getByLabelText('Жауабыңыз')).toBeTruthy();
    unmount();
    render(<DraftRunner draft={draft} answers={{}} answersOf="pupil" />, {
      wrapper: MantineProvider,
    });
    expect(screen.getByLabelText('Оқушының жауабы')).toBeTruthy();
    expect(screen.queryByLabelText('Жауабыңыз')).toBeNull();
  });
});
