import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initTestI18n } from '../../test/i18n';
import Registration from './Registration';

beforeAll(() => initTestI18n('kz'));

function open() {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  render(
    <MemoryRouter initialEntries={['/kk/registation']}>
      <Routes>
        <Route path="/:lang/registation" element={<Registration />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetch;
}

/** The error shown under a field (the `…-e` element its aria-describedby names). */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label, { selector: 'input' });
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const id = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((x) => x.endsWith('-e'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('registration checks (spec §5)', () => {
  it('an empty field says it is required, not which letters it takes; nothing is sent', async () => {
    const fetch = open();
    await userEvent.click(screen.getByRole('button', { name: 'Тіркелу' }));
    for (const label of ['ЖСН', 'Тегі', 'Аты', 'Электрондық пошта', 'Құпиясөз'])
      expect(errorOf(label), label).toBe('Міндетті өріс');
    expect(screen.queryByText(/әріптер/)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
  it('a repeated password that differs is flagged, even while the password itself is weak', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Құпиясөз', { selector: 'input' }), 'short');
    await userEvent.type(
      screen.getByLabelText('Құпиясөзді қайталаңыз', { selector: 'input' }),
      'other',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Тіркелу' }));
    expect(errorOf('Құпиясөзді қайталаңыз')).toBe('Құпиясөздер сәйкес келмейді');
    expect(errorOf('Құпиясөз')).not.toBeNull();
  });
});
