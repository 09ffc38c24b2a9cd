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

describe('module numbers in the runner (issue 20: a first task read «3.»)', () => {
  const text = (id: string, title: string) => ({
    id,
    type: 'simple',
    title,
    content: { type: 'doc', content: [] },
    options: null,
  });
  const withTexts = (type: string) =>
    ({
      type,
      title: 'Жаттығу',
      pages: [
        { id: 'p1', title: '', modules: [text('s1', 'Ереже'), text('s2', 'Мысал')] },
        { id: 'p2', title: '', modules: [{ ...draft.pages[0]!.modules[0]!, id: 't1' }] },
      ],
    }) as unknown as Draft;
  const legends = () =>
    [...document.querySelectorAll('legend')].map((legend) => legend.textContent);

  it('numbers every module across pages, as the builder does, before any grading', () => {
    render(<DraftRunner draft={withTexts('lesson')} answers={{}} />, { wrapper: MantineProvider });
    expect(legends()).toEqual(['1. Ереже', '2. Мысал', '3. Ашық сұрақ']);
  });

  it('in a custom lesson only what is numbered there: the first task is 1', () => {
    render(<DraftRunner draft={withTexts('customLesson')} answers={{}} />, {
      wrapper: MantineProvider,
    });
    expect(legends()).toEqual(['Ереже', 'Мысал', '1. Ашық сұрақ']);
  });
});
