import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderEditor } from '../test/render';
import { build, emptySor } from '../test/fixtures';
import { createDraft } from '@sabaq/engine';

function moduleButtons() {
  const nav = screen.getByRole('navigation', { name: 'Беттер' });
  return within(nav)
    .getAllByRole('button')
    .filter((b) => b.classList.contains('sbq-module-open'))
    .map((b) => b.textContent);
}

describe('Outline', () => {
  it('adds and renames a page, adds modules and numbers tasks live', async () => {
    const { user, log } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Бет қосу' }));
    const title = screen.getByLabelText('Бет атауы 1');
    await user.type(title, 'Кіріспе{Enter}');
    expect(log.draft().pages[0]?.title).toBe('Кіріспе');
    await user.click(screen.getByRole('button', { name: 'Тапсырма қосу' }));
    await user.click(screen.getByRole('button', { name: 'Тапсырма қосу' }));
    expect(moduleButtons()).toEqual(['1 Атаусыз модуль (Тапсырма)', '2 Атаусыз модуль (Тапсырма)']);
    // Deleting the first renumbers the rest.
    await user.click(screen.getByRole('button', { name: 'Жою: 1. Атаусыз модуль' }));
    expect(moduleButtons()).toEqual(['1 Атаусыз модуль (Тапсырма)']);
  });

  it('does not number simple modules in custom lessons', async () => {
    const draft = build(
      createDraft({ id: 'c', type: 'customLesson', title: 'Сабақ', lang: 'kz' }),
      [
        { type: 'page/add', pageId: 'p1' },
        { type: 'module/add', pageId: 'p1', moduleId: 'a', moduleType: 'simple', title: 'Мәтін' },
        { type: 'module/add', pageId: 'p1', moduleId: 'b', moduleType: 'task', title: 'Есеп' },
      ],
    );
    renderEditor({ draft });
    expect(moduleButtons()).toEqual(['• Мәтін (Мәтіндік модуль)', '1 Есеп (Тапсырма)']);
  });

  it('reorders modules and pages with the keyboard and moves modules across pages', async () => {
    const draft = build(emptySor(), [
      { type: 'page/add', pageId: 'p1', title: 'Бірінші' },
      { type: 'page/add', pageId: 'p2', title: 'Екінші' },
      { type: 'module/add', pageId: 'p1', moduleId: 'a', moduleType: 'task', title: 'А' },
      { type: 'module/add', pageId: 'p1', moduleId: 'b', moduleType: 'task', title: 'Б' },
    ]);
    const { user, log } = renderEditor({ draft });
    const down = screen.getByRole('button', { name: 'Төмен жылжыту: 1. А' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(moduleButtons()).toEqual(['1 Б (Тапсырма)', '2 А (Тапсырма)']);
    await user.selectOptions(screen.getByLabelText('Басқа бетке жылжыту: 1. Б'), 'p2');
    expect(log.draft().pages[1]?.modules.map((m) => m.id)).toEqual(['b']);
    await user.click(screen.getByRole('button', { name: 'Жоғары жылжыту: 2-бет' }));
    expect(log.draft().pages.map((p) => p.id)).toEqual(['p2', 'p1']);
    // Numbering follows order across pages.
    expect(moduleButtons()).toEqual(['1 Б (Тапсырма)', '2 А (Тапсырма)']);
  });

  it('collapses and expands a page, duplicates a module', async () => {
    const draft = build(emptySor(), [
      { type: 'page/add', pageId: 'p1', title: 'Бет' },
      { type: 'module/add', pageId: 'p1', moduleId: 'a', moduleType: 'task', title: 'А' },
    ]);
    const { user, log } = renderEditor({ draft });
    await user.click(screen.getByRole('button', { name: 'Көшірме жасау: 1. А' }));
    expect(moduleButtons()).toEqual(['1 А (Тапсырма)', '2 А (Тапсырма)']);
    const toggle = screen.getByRole('button', { name: 'Жию: Бет' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(log.draft().pages[0]?.expand).toBe(false);
    expect(moduleButtons()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ашу: Бет' }));
    expect(moduleButtons()).toHaveLength(2);
  });
});
