import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderEditor } from '../test/render';
import { build, emptySor } from '../test/fixtures';

const withTask = (extra: Parameters<typeof build>[1] = []) =>
  build(emptySor(), [
    { type: 'page/add', pageId: 'p1', title: 'Бет' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm', moduleType: 'task', title: 'Сұрақ' },
    ...extra,
  ]);

describe('option editors', () => {
  it('select: adds options, marks the right one, and visibly resets to the first when the right one is deleted', async () => {
    const { user, log } = renderEditor({ draft: withTask() });
    await user.click(screen.getByRole('button', { name: /1 Сұрақ/ }));
    await user.click(screen.getByRole('radio', { name: 'Тізімнен таңдау' }));
    const add = screen.getByRole('button', { name: 'Нұсқа қосу' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    await user.type(screen.getByLabelText('Нұсқа 1'), 'Алматы{Enter}');
    await user.type(screen.getByLabelText('Нұсқа 2'), 'Астана{Enter}');
    await user.type(screen.getByLabelText('Нұсқа 3'), 'Шымкент{Enter}');
    await user.click(screen.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 2' }));
    const o = () => log.draft().pages[0]!.modules[0]!.options;
    expect(o()).toMatchObject({
      kind: 'select',
      rightId: (o() as { items: { id: string }[] }).items[1]!.id,
    });
    await user.click(screen.getByRole('button', { name: 'Нұсқаны жою 2' }));
    expect(
      (screen.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 1' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      screen.getByText('Дұрыс жауап жойылды: енді бірінші нұсқа дұрыс деп белгіленді.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Нұсқа 1') as HTMLInputElement).value).toBe('Алматы');
  });

  it('choice: single and multiple right answers', async () => {
    const { user, log } = renderEditor({
      draft: withTask([
        {
          type: 'module/setOptions',
          moduleId: 'm',
          options: { kind: 'choice', multiple: false, items: [] },
        },
        { type: 'choice/addOption', moduleId: 'm', optionId: 'a', content: 'Иә' },
        { type: 'choice/addOption', moduleId: 'm', optionId: 'b', content: 'Жоқ' },
      ]),
    });
    await user.click(screen.getByRole('button', { name: /1 Сұрақ/ }));
    await user.click(screen.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 1' }));
    await user.click(screen.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 2' }));
    const items = () => {
      const o = log.draft().pages[0]!.modules[0]!.options;
      return o?.kind === 'choice' ? o.items.map((i) => i.right) : [];
    };
    expect(items()).toEqual([false, true]);
    await user.click(screen.getByRole('checkbox', { name: 'Бірнеше дұрыс жауап' }));
    await user.click(screen.getByRole('checkbox', { name: 'Дұрыс жауап: Нұсқа 1' }));
    expect(items()).toEqual([true, true]);
  });

  it('connection: links by keyboard only, and deleting an item removes its links', async () => {
    const { user, log } = renderEditor({
      draft: withTask([
        {
          type: 'module/setOptions',
          moduleId: 'm',
          options: { kind: 'connection', left: [], right: [], links: [] },
        },
        { type: 'connection/addItem', moduleId: 'm', side: 'left', itemId: 'l1', content: 'Абай' },
        {
          type: 'connection/addItem',
          moduleId: 'm',
          side: 'left',
          itemId: 'l2',
          content: 'Мұхтар',
        },
        {
          type: 'connection/addItem',
          moduleId: 'm',
          side: 'right',
          itemId: 'r1',
          content: 'Қара сөздер',
        },
        {
          type: 'connection/addItem',
          moduleId: 'm',
          side: 'right',
          itemId: 'r2',
          content: 'Абай жолы',
        },
      ]),
    });
    await user.click(screen.getByRole('button', { name: /1 Сұрақ/ }));
    const pick = screen.getByRole('button', { name: 'Жұпқа таңдау: 1. Абай' });
    pick.focus();
    await user.keyboard('{Enter}');
    expect(pick.getAttribute('aria-pressed')).toBe('true');
    const linkBtn = screen.getByRole('button', {
      name: 'Таңдалғанмен байланыстыру: 1. Қара сөздер',
    });
    linkBtn.focus();
    await user.keyboard(' ');
    screen.getByRole('button', { name: 'Жұпқа таңдау: 2. Мұхтар' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Таңдалғанмен байланыстыру: 2. Абай жолы' }).focus();
    await user.keyboard('{Enter}');
    const links = () => {
      const o = log.draft().pages[0]!.modules[0]!.options;
      return o?.kind === 'connection' ? o.links : [];
    };
    expect(links()).toEqual([
      { left: 'l1', right: 'r1' },
      { left: 'l2', right: 'r2' },
    ]);
    const pairs = screen.getByRole('region', { name: 'Дұрыс жұптар' });
    expect(within(pairs).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Элементті жою: 1. Қара сөздер' }));
    expect(links()).toEqual([{ left: 'l2', right: 'r2' }]);
    expect(within(pairs).getAllByRole('listitem')).toHaveLength(1);
  });

  it('connection: the "selected…" hint goes once the pair is made, and Escape drops the pick', async () => {
    const { user, container } = renderEditor({
      draft: withTask([
        {
          type: 'module/setOptions',
          moduleId: 'm',
          options: { kind: 'connection', left: [], right: [], links: [] },
        },
        { type: 'connection/addItem', moduleId: 'm', side: 'left', itemId: 'l1', content: 'Абай' },
        { type: 'connection/addItem', moduleId: 'm', side: 'right', itemId: 'r1', content: 'Ақын' },
      ]),
    });
    const hint = () => container.querySelector('.sbq-announce')?.textContent ?? '';
    await user.click(screen.getByRole('button', { name: /1 Сұрақ/ }));
    const pick = screen.getByRole('button', { name: 'Жұпқа таңдау: 1. Абай' });
    await user.click(pick);
    expect(hint()).toMatch(/^Таңдалды: 1\. Абай/);
    await user.click(screen.getByRole('button', { name: 'Таңдалғанмен байланыстыру: 1. Ақын' }));
    expect(hint()).not.toMatch(/Таңдалды/);
    expect(hint()).toBe('Жұп қосылды: 1. Абай → 1. Ақын.');
    expect(pick.getAttribute('aria-pressed')).toBe('false');

    await user.click(pick);
    expect(hint()).toMatch(/^Таңдалды/);
    await user.keyboard('{Escape}');
    expect(pick.getAttribute('aria-pressed')).toBe('false');
    expect(hint()).toBe('Таңдау алынды.');
    expect(
      (
        screen.getByRole('button', {
          name: 'Таңдалғанмен байланыстыру: 1. Ақын',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});
