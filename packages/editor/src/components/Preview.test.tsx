import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { textDoc } from '@sabaq/engine';
import { translator } from '../i18n/messages';
import { build, emptySor } from '../test/fixtures';
import { isRight, Preview } from './Preview';

const draft = () =>
  build(emptySor(), [
    { type: 'page/add', pageId: 'p1', title: 'Бет' },
    { type: 'module/add', pageId: 'p1', moduleId: 's', moduleType: 'task', title: 'Астана' },
    { type: 'module/setContent', moduleId: 's', content: textDoc('Қазақстанның астанасы?') },
    {
      type: 'module/setOptions',
      moduleId: 's',
      options: { kind: 'select', items: [], rightId: null },
    },
    { type: 'select/addOption', moduleId: 's', optionId: 's1', text: 'Алматы' },
    { type: 'select/addOption', moduleId: 's', optionId: 's2', text: 'Астана' },
    { type: 'select/setRight', moduleId: 's', optionId: 's2' },
    { type: 'module/add', pageId: 'p1', moduleId: 'c', moduleType: 'task', title: 'Жұп сандар' },
    {
      type: 'module/setOptions',
      moduleId: 'c',
      options: { kind: 'choice', multiple: true, items: [] },
    },
    { type: 'choice/addOption', moduleId: 'c', optionId: 'c1', content: '2', right: true },
    { type: 'choice/addOption', moduleId: 'c', optionId: 'c2', content: '3' },
    { type: 'choice/addOption', moduleId: 'c', optionId: 'c3', content: '4', right: true },
    { type: 'module/add', pageId: 'p1', moduleId: 'k', moduleType: 'task', title: 'Сәйкестендір' },
    {
      type: 'module/setOptions',
      moduleId: 'k',
      options: { kind: 'connection', left: [], right: [], links: [] },
    },
    { type: 'connection/addItem', moduleId: 'k', side: 'left', itemId: 'l1', content: 'Абай' },
    {
      type: 'connection/addItem',
      moduleId: 'k',
      side: 'right',
      itemId: 'r1',
      content: 'Қара сөздер',
    },
    { type: 'connection/link', moduleId: 'k', leftId: 'l1', rightId: 'r1' },
  ]);

describe('preview', () => {
  it('shows the draft as a student sees it and checks the answers', async () => {
    const user = userEvent.setup();
    render(<Preview draft={draft()} t={translator('kz')} />);
    expect(screen.getByText('Қазақстанның астанасы?')).toBeTruthy();
    expect(screen.queryByText('Дұрыс жауап')).toBeNull();
    const [select, connection] = screen.getAllByRole('combobox');
    await user.selectOptions(select!, 's1');
    await user.click(screen.getByRole('checkbox', { name: '2' }));
    await user.click(screen.getByRole('checkbox', { name: '4' }));
    await user.selectOptions(connection!, 'r1');
    await user.click(screen.getByRole('button', { name: 'Жауаптарды тексеру' }));
    expect(screen.getByRole('status').textContent).toBe('Нәтиже: 2 / 3');
    expect(screen.getAllByText('✗ Қате')).toHaveLength(1);
    await user.selectOptions(select!, 's2');
    await user.click(screen.getByRole('button', { name: 'Жауаптарды тексеру' }));
    expect(screen.getByRole('status').textContent).toBe('Нәтиже: 3 / 3');
  });

  it('isRight needs exactly the right set', () => {
    const d = draft();
    const choice = d.pages[0]!.modules[1]!;
    expect(isRight(choice, { kind: 'choice', optionIds: ['c1'] })).toBe(false);
    expect(isRight(choice, { kind: 'choice', optionIds: ['c3', 'c1'] })).toBe(true);
    expect(isRight(choice, { kind: 'choice', optionIds: ['c3', 'c1', 'c2'] })).toBe(false);
    expect(isRight(choice, undefined)).toBe(false);
    expect(isRight(choice, { kind: 'select', optionId: 'c1' })).toBe(false);
  });
});
