import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderEditor } from '../test/render';
import { build, emptySor } from '../test/fixtures';
import { dialogReady } from './Dialog';

// The kit's Modal is fetched just after the builder; these tests start once it is here.
beforeAll(() => dialogReady);

const sor = () =>
  build(emptySor(), [
    { type: 'page/add', pageId: 'p1', title: 'Бет' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm', moduleType: 'task', title: 'Есеп' },
    { type: 'module/add', pageId: 'p1', moduleId: 'n', moduleType: 'task', title: 'Екінші' },
  ]);

describe('descriptors and statistics', () => {
  it('adds descriptor rows with marks and the statistics follow live', async () => {
    const { user, log } = renderEditor({ draft: sor() });
    expect(screen.getByTestId('countTask').textContent).toBe('2');
    expect(screen.getByTestId('countGrade').textContent).toBe('0');
    await user.click(screen.getByRole('button', { name: /1 Есеп/ }));
    await user.type(screen.getByLabelText('Бағалау критерийі'), 'Теңдеуді шешеді{Enter}');
    await user.click(screen.getByRole('button', { name: 'Дескриптор қосу' }));
    await user.click(screen.getByRole('button', { name: 'Дескриптор қосу' }));
    await user.type(screen.getByLabelText('Дескриптор 1'), 'Түбірін табады{Enter}');
    const mark2 = screen.getByLabelText('Балл 2');
    await user.clear(mark2);
    await user.type(mark2, '3{Enter}');
    const m = log.draft().pages[0]!.modules[0]!;
    expect(m.descriptor.criterion).toBe('Теңдеуді шешеді');
    expect(m.descriptor.descriptorList.map((r) => [r.title, r.mark])).toEqual([
      ['Түбірін табады', 1],
      ['', 3],
    ]);
    expect(screen.getByTestId('countGrade').textContent).toBe('4');
    // Junk in a mark is refused in place and never sent.
    await user.clear(mark2);
    await user.type(mark2, 'үш{Enter}');
    expect(mark2.getAttribute('aria-invalid')).toBe('true');
    expect(log.draft().pages[0]!.modules[0]!.descriptor.descriptorList[1]!.mark).toBe(3);
  });
});

describe('purposes', () => {
  it('asks before deleting a purpose, then removes it from every module', async () => {
    const { user, log } = renderEditor({ draft: sor() });
    await user.click(screen.getByRole('tab', { name: 'Оқу мақсаттары' }));
    await user.click(screen.getByRole('button', { name: 'Мақсат қосу' }));
    await user.type(screen.getByLabelText('Оқу мақсаты 1'), '7.2.1.1 теңдеулер{Enter}');
    await user.selectOptions(screen.getByLabelText('Тілдік деңгей'), 'B1');
    const purposeId = log.draft().purposes[0]!.id;
    expect(log.draft().purposes[0]).toMatchObject({
      title: '7.2.1.1 теңдеулер',
      langLevelId: 'B1',
    });
    for (const name of [/1 Есеп/, /2 Екінші/]) {
      await user.click(screen.getByRole('button', { name }));
      await user.click(screen.getByRole('checkbox', { name: '7.2.1.1 теңдеулер' }));
    }
    const attached = () =>
      log.draft().pages[0]!.modules.map((mm) => mm.additionalCriterions.purposes);
    expect(attached()).toEqual([[purposeId], [purposeId]]);
    await user.click(screen.getByRole('button', { name: 'Мақсатты жою 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Мақсатты жою' });
    expect(within(dialog).getByText(/барлық тапсырмалардан алынады/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Бас тарту' }));
    expect(log.draft().purposes).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Мақсатты жою 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Жою' }));
    expect(log.draft().purposes).toHaveLength(0);
    expect(attached()).toEqual([[], []]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('problems panel', () => {
  it('validates with validateDraft and jumps to the field of a problem', async () => {
    const { user, container } = renderEditor({ draft: sor() });
    await user.click(screen.getByRole('button', { name: 'Тексеру' }));
    expect(container.querySelector('[data-validate]')).not.toBeNull();
    const problem = await screen.findByRole('button', {
      name: /1-тапсырма: жауап түрін таңдап, нұсқалар қосыңыз/,
    });
    await user.click(problem);
    // The module opens and focus lands in its answer-kind field.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Жауапсыз' })),
    );
    await user.click(screen.getByRole('radio', { name: 'Тізімнен таңдау' }));
    // The problems follow the change (the validate flag stays on).
    await screen.findByRole('button', { name: /1-тапсырма: жауап нұсқалары кемінде 2/ });
    expect(screen.queryByRole('button', { name: /1-тапсырма: жауап түрін таңдап/ })).toBeNull();
  });
});

describe('history, undo and redo', () => {
  it('undoes and redoes own edits with Ctrl+Z and Ctrl+Shift+Z', async () => {
    const { user, log } = renderEditor({ draft: sor() });
    await user.click(screen.getByRole('button', { name: 'Бет қосу' }));
    expect(log.draft().pages).toHaveLength(2);
    const root = document.querySelector('.sbq-editor') as HTMLElement;
    fireEvent.keyDown(root, { key: 'z', ctrlKey: true });
    expect(log.draft().pages).toHaveLength(1);
    fireEvent.keyDown(root, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(log.draft().pages).toHaveLength(2);
    // While a field has uncommitted text, Ctrl+Z belongs to the field.
    const title = screen.getByLabelText('Атауы');
    await user.type(title, '!');
    fireEvent.keyDown(title, { key: 'z', ctrlKey: true });
    expect(log.draft().pages).toHaveLength(2);
  });

  it('shows each event with its author, views the draft at a point and restores it as new events', async () => {
    const { user, log } = renderEditor({ draft: sor(), actorName: (a) => `Мұғалім ${a}` });
    act(() => {
      log.append([{ type: 'page/rename', pageId: 'p1', title: 'Екінші нұсқа' }]);
    });
    // A co-author's event (another actor) shows their name.
    await user.click(screen.getByRole('tab', { name: 'Өзгерістер тарихы' }));
    const items = within(screen.getByRole('region', { name: 'Өзгерістер тарихы' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Бет: атауын өзгерту');
    expect(items[0]!.textContent).toContain('Сіз');
    // Its moment as DD.MM.YYYY HH:MM (Kazakhstan's time), the ISO instant only in `dateTime`.
    const time = items[0]!.querySelector('time')!;
    expect(time.textContent).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(time.getAttribute('dateTime')).toBe(log.events()[0]!.at);
    await user.click(screen.getByRole('button', { name: 'Бастапқы күйді қарау' }));
    expect(screen.getAllByText(/0-өзгерістен кейінгі күйді/).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Бет атауы 1') as HTMLInputElement).value).toBe('Бет');
    expect((screen.getByLabelText('Бет атауы 1') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Ағымдағы күйге оралу' })[0]!);
    expect((screen.getByLabelText('Бет атауы 1') as HTMLInputElement).value).toBe('Екінші нұсқа');
    act(() => {
      log.append([{ type: 'page/rename', pageId: 'p1', title: 'Үшінші' }]);
    });
    await user.click(screen.getByRole('button', { name: 'Осы күйге қайтару: 1' }));
    expect(log.draft().pages[0]!.title).toBe('Екінші нұсқа');
    expect(log.events()).toHaveLength(3);
  });
});

describe('switching flag', () => {
  it('is set while the editor changes module and cleared once the module shows', async () => {
    const { user, container } = renderEditor({ draft: sor() });
    const flags: boolean[] = [];
    const root = container.querySelector('.sbq-editor')!;
    // Both changes may land before the observer runs: read the values from the records.
    const obs = new MutationObserver((records) => {
      for (const r of records) flags.push(r.oldValue === 'true');
      flags.push(root.hasAttribute('data-switching'));
    });
    obs.observe(root, {
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['data-switching'],
    });
    await user.click(screen.getByRole('button', { name: /1 Есеп/ }));
    await waitFor(() => expect(root.hasAttribute('data-switching')).toBe(false));
    obs.disconnect();
    expect(flags).toContain(true);
    expect(screen.getByRole('heading', { name: '1. Есеп' })).toBeTruthy();
  });
});
