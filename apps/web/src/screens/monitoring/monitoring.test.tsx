import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompletionView, QuestionnaireView } from '@sabaq/platform';
import { serve } from '../../test/serve';
import Questionnaire from './Questionnaire';
import { CountryMonitoring } from './Workers';
import { MONITORING_TEXTS } from './texts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const period = {
  id: 2,
  name: '2026–2027 оқу жылы, I жартыжылдық',
  schoolYear: '2026-2027',
  startsOn: '2026-09-01',
  endsOn: '2026-12-31',
  isCurrent: true,
};

const view: QuestionnaireView = {
  period,
  respondent: { id: 5, name: 'Ахметова Гүлнар', school: '№ 54 мектеп-лицей' },
  questionnaire: {
    id: 1,
    name: 'Мұғалімнің кәсіби қызметі',
    groupType: 'teacher',
    intro: 'Жауаптар сақталып отырады',
    groups: [
      {
        id: 10,
        name: 'Цифрлық дағдылар',
        questions: [
          {
            id: 100,
            kind: 'single',
            text: 'Сабақта цифрлық ресурстарды қаншалықты жиі қолданасыз?',
            required: true,
            options: [
              { id: 'every', label: 'Әр сабақта' },
              { id: 'never', label: 'Қолданбаймын' },
            ],
            max: null,
          },
          {
            id: 101,
            kind: 'scale',
            text: 'Құрастырушы қаншалықты оңай?',
            required: true,
            options: [],
            max: 5,
          },
        ],
      },
    ],
  },
  answers: [],
  status: 'new',
  submittedAt: null,
  score: null,
  canEdit: true,
  list: [],
};

describe('monitoring screens', () => {
  it('has every label in both languages', () => {
    expect(Object.keys(MONITORING_TEXTS.kz).sort()).toEqual(
      Object.keys(MONITORING_TEXTS.ru).sort(),
    );
    for (const text of Object.values(MONITORING_TEXTS.kz)) expect(text.trim()).not.toBe('');
  });

  it('saves an answer as it is given, and on submit shows the questions the server says are missing', async () => {
    const calls = serve({
      'GET /api/v1/dictionaries/questionnaire/periods': () => [200, { data: [period] }],
      'POST /api/v1/questionnaire': () => [200, { data: view }],
      'POST /api/v1/questionnaire/answers/store': (body) =>
        body.submit
          ? [
              422,
              {
                message: 'Міндетті сұрақтардың барлығына жауап беріңіз (1)',
                errors: { 'answers.101': ['Міндетті сұрақ'] },
              },
            ]
          : [
              200,
              {
                data: {
                  status: 'draft',
                  answered: 1,
                  questions: 2,
                  savedAt: '2026-11-28T06:30:00.000Z',
                  submittedAt: null,
                  score: null,
                },
              },
            ],
    });
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/monitoring-teacher/5/1?periodId=2']}>
          <Routes>
            <Route
              path="/kk/monitoring-teacher/:userId/:questionnaireId"
              element={<Questionnaire />}
            />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    await screen.findByRole('heading', { name: 'Мұғалімнің кәсіби қызметі', level: 1 });
    await userEvent.click(screen.getByRole('radio', { name: 'Әр сабақта' }));
    // Saved once typing pauses, and said so politely.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Сақталды: 11:30'), {
      timeout: 3000,
    });
    const stored = calls.filter((c) => c.path === '/api/v1/questionnaire/answers/store');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toEqual({
      questionnaireId: 1,
      periodId: 2,
      answers: [{ questionId: 100, value: 'every' }],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Сауалнаманы жіберу' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Иә, жіберу' }));
    expect(
      await screen.findByText('Міндетті сұрақтардың барлығына жауап беріңіз (1)'),
    ).toBeTruthy();
    expect(screen.getByText('Міндетті сұрақ')).toBeTruthy();
    expect(document.querySelector('#q-101')!.className).toContain('mon-question-invalid');
    expect(calls.at(-1)!.body).toMatchObject({ answers: [], submit: true });
  });

  it('the country page lists regions with their completion, each a link one level down', async () => {
    const completion: CompletionView = {
      level: 'country',
      trail: [{ level: 'country', id: null, name: 'Қазақстан' }],
      period,
      figures: { expected: 40, submitted: 30, drafts: 4, completion: 75, score: 62.5 },
      rows: [
        {
          id: 3,
          name: 'Астана қаласы',
          kind: 'region',
          organizations: 4,
          figures: { expected: 40, submitted: 30, drafts: 4, completion: 75, score: 62.5 },
        },
      ],
    };
    serve({
      'GET /api/v1/dictionaries/questionnaire/periods': () => [200, { data: [period] }],
      'POST /api/v1/questionnaire/completion': () => [200, { data: completion }],
      'POST /api/v1/monitoring/groups/statistic': () => [
        200,
        {
          data: {
            level: 'country',
            groupType: 'teacher',
            questionnaire: null,
            groups: [],
            rows: [],
          },
        },
      ],
    });
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/kk/monitoring-country']}>
          <Routes>
            <Route path="/kk/monitoring-country" element={<CountryMonitoring />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Ашу: Астана қаласы' });
    expect(link.getAttribute('href')).toBe('/kk/monitoring-country/3');
    expect(screen.getAllByText('75 %').length).toBeGreaterThan(0);
  });
});
