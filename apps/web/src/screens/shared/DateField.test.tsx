import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField, isoDayOf } from './DateField';

/** A field as a screen holds it: the text in its state, shown under the field for the test. */
function Holder({ start, withTime }: { start: string; withTime?: boolean }) {
  const [text, setText] = useState(start);
  return (
    <MantineProvider>
      <DateField label="Мерзімі" withTime={withTime} value={text} onChange={setText} />
      <output data-testid="text">{text}</output>
    </MantineProvider>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('isoDayOf', () => {
  it('reads DD.MM.YYYY (with or without a time) and refuses days that do not exist', () => {
    expect(isoDayOf('07.09.2026')).toBe('2026-09-07');
    expect(isoDayOf(' 18.11.2026 09:40')).toBe('2026-11-18');
    expect(isoDayOf('31.02.2026')).toBeNull();
    expect(isoDayOf('2026-09-07')).toBeNull();
    expect(isoDayOf('')).toBeNull();
  });
});

describe('DateField', () => {
  it('is typed like a text field: what is typed stays, even when it is not a date', async () => {
    render(<Holder start="" />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Мерзімі' });
    await user.type(field, '2026-11-25');
    expect(screen.getByTestId('text').textContent).toBe('2026-11-25');
    await user.clear(field);
    await user.type(field, '25.11.2026');
    expect(screen.getByTestId('text').textContent).toBe('25.11.2026');
  });

  it('picks a day in a ru calendar from Monday, from the keyboard, and gives the focus back', async () => {
    window.history.replaceState(null, '', '/ru/schedule');
    render(<Holder start="18.11.2026" />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Открыть календарь: Мерзімі' });
    button.focus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog');
    expect(await within(calendar).findByText(/ноябрь 2026/i)).toBeTruthy();
    const heads = within(calendar)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.toLowerCase());
    expect(heads.slice(0, 2)).toEqual(['пн', 'вт']);
    expect(within(calendar).getByRole('button', { name: 'Следующий месяц' })).toBeTruthy();
    // The day in the field is the selected one; arrows move between days; Enter picks.
    const selected = within(calendar).getByRole('button', { name: '18 ноября 2026' });
    expect(selected.getAttribute('data-selected')).toBe('true');
    selected.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('26 ноября 2026');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('text').textContent).toBe('26.11.2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes the calendar and changes nothing', async () => {
    render(<Holder start="18.11.2026 09:40" withTime />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Күнтізбені ашу: Мерзімі' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('text').textContent).toBe('18.11.2026 09:40');
  });
});

describe('DateField popover', () => {
  it('is a named dialog that a press outside closes, and the button says whether it is open', async () => {
    render(<Holder start="18.11.2026" />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Күнтізбені ашу: Мерзімі' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Күнтізбені ашу: Мерзімі' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    // floating-ui holds the dialog (placed under the button: a transform once it is measured).
    await waitFor(() => expect(dialog.style.transform).toMatch(/^translate\(/));
    // A press inside (a day) is not outside: the day is picked, then the calendar closes.
    await user.click(within(dialog).getByRole('button', { name: '19 қараша 2026' }));
    expect(screen.getByTestId('text').textContent).toBe('19.11.2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(button);
    await screen.findByRole('dialog');
    await user.click(screen.getByTestId('text'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('text').textContent).toBe('19.11.2026');
  });
});
