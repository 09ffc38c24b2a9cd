import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { renderEditor } from '../test/render';
import { build, emptySor } from '../test/fixtures';

/** axe in happy-dom: layout-dependent rules (contrast, target size) need a real browser and are
 * checked by the browser tests; everything structural (names, roles, labels, ids) is here. */
async function violations(node: Element) {
  const res = await axe.run(node, {
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  });
  return res.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const full = () =>
  build(emptySor(), [
    { type: 'page/add', pageId: 'p1', title: 'Бет' },
    { type: 'page/add', pageId: 'p2', title: 'Екінші бет' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm', moduleType: 'task', title: 'Есеп' },
    {
      type: 'module/setOptions',
      moduleId: 'm',
      options: { kind: 'connection', left: [], right: [], links: [] },
    },
    { type: 'connection/addItem', moduleId: 'm', side: 'left', itemId: 'l1', content: 'А' },
    { type: 'connection/addItem', moduleId: 'm', side: 'right', itemId: 'r1', content: 'Б' },
    { type: 'connection/link', moduleId: 'm', leftId: 'l1', rightId: 'r1' },
    { type: 'descriptor/addRow', moduleId: 'm', rowId: 'd1', title: 'Жұп', mark: 1 },
    { type: 'purpose/add', purposeId: 'u1', title: 'Мақсат' },
  ]);

describe('accessibility (axe)', () => {
  for (const lang of ['kz', 'ru'] as const) {
    it(`the editor with an open task module has no violations (${lang})`, async () => {
      const { user, container } = renderEditor({ draft: full(), lang });
      await user.click(screen.getByRole('button', { name: /1 Есеп/ }));
      expect(await violations(container)).toEqual([]);
    });
  }

  it('the panels and the preview have no violations', async () => {
    const { user, container } = renderEditor({ draft: full() });
    for (const tab of ['Қателер', 'Оқу мақсаттары', 'Өзгерістер тарихы']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await violations(container)).toEqual([]);
    }
    await user.click(screen.getByRole('button', { name: 'Алдын ала қарау' }));
    expect(await violations(container)).toEqual([]);
  });
});
