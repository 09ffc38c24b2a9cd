import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { ConnectionOptions } from '../model.js';
import { mod, rejected, run, withModules } from '../test/harness.js';

function pairs() {
  return run(
    withModules('lesson', 'task'),
    {
      type: 'module/setOptions',
      moduleId: 'm1',
      options: { kind: 'connection', left: [], right: [], links: [] },
    },
    { type: 'connection/addItem', moduleId: 'm1', side: 'left', itemId: 'l1', content: 'Астана' },
    { type: 'connection/addItem', moduleId: 'm1', side: 'left', itemId: 'l2', content: 'Алматы' },
    { type: 'connection/addItem', moduleId: 'm1', side: 'right', itemId: 'r1', content: 'елорда' },
    {
      type: 'connection/addItem',
      moduleId: 'm1',
      side: 'right',
      itemId: 'r2',
      content: 'ең үлкен қала',
    },
    { type: 'connection/link', moduleId: 'm1', leftId: 'l1', rightId: 'r1' },
    { type: 'connection/link', moduleId: 'm1', leftId: 'l2', rightId: 'r2' },
  );
}
const opts = (d: ReturnType<typeof pairs>) => mod(d, 'm1').options as ConnectionOptions;

describe('connection options', () => {
  it('removing an item removes its links', () => {
    const d = run(pairs(), { type: 'connection/removeItem', moduleId: 'm1', itemId: 'r1' });
    expect(opts(d).links).toEqual([{ left: 'l2', right: 'r2' }]);
    expect(opts(d).right.map((i) => i.id)).toEqual(['r2']);
  });

  it('undoing the removal brings the item and its links back', () => {
    const d = pairs();
    const r = apply(d, { type: 'connection/removeItem', moduleId: 'm1', itemId: 'l1' });
    if (!r.ok) throw new Error('rejected');
    const back = apply(r.draft, r.inverse);
    if (!back.ok) throw new Error('rejected');
    expect(opts(back.draft)).toEqual(opts(d));
  });

  it('links only join existing left and right items, never twice', () => {
    const d = pairs();
    expect(
      rejected(d, { type: 'connection/link', moduleId: 'm1', leftId: 'r1', rightId: 'r2' }).code,
    ).toBe('unknown_id');
    expect(
      rejected(d, { type: 'connection/link', moduleId: 'm1', leftId: 'l1', rightId: 'zz' }).code,
    ).toBe('unknown_id');
    expect(
      rejected(d, { type: 'connection/link', moduleId: 'm1', leftId: 'l1', rightId: 'r1' }).code,
    ).toBe('conflict');
    const d2 = run(d, { type: 'connection/link', moduleId: 'm1', leftId: 'l1', rightId: 'r2' });
    expect(opts(d2).links).toHaveLength(3);
    const d3 = run(d2, { type: 'connection/unlink', moduleId: 'm1', leftId: 'l1', rightId: 'r1' });
    expect(opts(d3).links).toEqual([
      { left: 'l2', right: 'r2' },
      { left: 'l1', right: 'r2' },
    ]);
  });

  it('edits and reorders items within their column', () => {
    const d = run(
      pairs(),
      { type: 'connection/editItem', moduleId: 'm1', itemId: 'r2', content: 'оңтүстік астана' },
      { type: 'connection/moveItem', moduleId: 'm1', itemId: 'r2', toIndex: 0 },
    );
    expect(opts(d).right).toEqual([
      { id: 'r2', content: 'оңтүстік астана' },
      { id: 'r1', content: 'елорда' },
    ]);
    expect(
      rejected(d, { type: 'connection/moveItem', moduleId: 'm1', itemId: 'r2', toIndex: 2 }).code,
    ).toBe('out_of_range');
  });
});
