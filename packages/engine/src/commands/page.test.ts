import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { moduleNumbers } from '../numbering.js';
import { blank, rejected, run, withModules } from '../test/harness.js';

describe('pages', () => {
  it('adds pages at the end or at a position, expanded, and renames them', () => {
    const d = run(
      blank(),
      { type: 'page/add', pageId: 'a', title: 'Кіріспе' },
      { type: 'page/add', pageId: 'b', title: 'Қорытынды' },
      { type: 'page/add', pageId: 'c', title: 'Негізгі бөлім', index: 1 },
      { type: 'page/rename', pageId: 'a', title: 'Ұйымдастыру' },
    );
    expect(d.pages.map((p) => [p.id, p.title, p.expand])).toEqual([
      ['a', 'Ұйымдастыру', true],
      ['c', 'Негізгі бөлім', true],
      ['b', 'Қорытынды', true],
    ]);
    expect(d.version).toBe(4);
  });

  it('collapses and expands, moves, and removing a page renumbers the modules after it', () => {
    let d = run(
      withModules('lesson', 'task', 'task'),
      { type: 'page/add', pageId: 'p2' },
      { type: 'module/add', pageId: 'p2', moduleId: 'x', moduleType: 'task' },
      { type: 'page/setExpand', pageId: 'p1', expand: false },
    );
    expect(d.pages[0]!.expand).toBe(false);
    expect(moduleNumbers(d).get('x')).toBe(3);
    d = run(d, { type: 'page/move', pageId: 'p2', toIndex: 0 });
    expect(moduleNumbers(d).get('x')).toBe(1);
    expect(moduleNumbers(d).get('m1')).toBe(2);
    d = run(
      d,
      { type: 'page/move', pageId: 'p2', toIndex: 1 },
      { type: 'page/remove', pageId: 'p1' },
    );
    expect([...moduleNumbers(d)]).toEqual([['x', 1]]);
  });

  it('removing a page and undoing it brings every module back in place', () => {
    const d = withModules('lesson', 'task', 'simple');
    const removed = apply(d, { type: 'page/remove', pageId: 'p1' });
    if (!removed.ok) throw new Error('rejected');
    expect(removed.draft.pages).toEqual([]);
    expect(removed.inverse.type).toBe('page/insert');
    const back = apply(removed.draft, removed.inverse);
    if (!back.ok) throw new Error('rejected');
    expect(back.draft.pages).toEqual(d.pages);
    // The modules' ids are taken again, so a second insert collides.
    expect(rejected(back.draft, removed.inverse).code).toBe('duplicate_id');
  });

  it('rejects bad ids and positions, leaving the version alone', () => {
    const d = withModules('lesson', 'task');
    expect(rejected(d, { type: 'page/add', pageId: 'p1' }).code).toBe('duplicate_id');
    expect(rejected(d, { type: 'page/add', pageId: 'm1' }).code).toBe('duplicate_id');
    expect(rejected(d, { type: 'page/add', pageId: 'q', index: 5 }).code).toBe('out_of_range');
    expect(rejected(d, { type: 'page/move', pageId: 'p1', toIndex: 1 }).code).toBe('out_of_range');
    expect(rejected(d, { type: 'page/rename', pageId: 'nope', title: '' })).toMatchObject({
      code: 'unknown_id',
      path: 'pageId',
    });
    expect(rejected(d, { type: 'page/add', pageId: 'a b' }).code).toBe('invalid_payload');
  });
});
