import { describe, expect, it } from 'vitest';
import { selectRightIndex, type SelectOptions } from '../model.js';
import { mod, rejected, run, withModules } from '../test/harness.js';

function selectDraft(...texts: string[]) {
  return run(
    withModules('lesson', 'task'),
    {
      type: 'module/setOptions',
      moduleId: 'm1',
      options: { kind: 'select', items: [], rightId: null },
    },
    ...texts.map((text, i) => ({
      type: 'select/addOption' as const,
      moduleId: 'm1',
      optionId: `o${i + 1}`,
      text,
    })),
  );
}
const opts = (d: ReturnType<typeof selectDraft>) => mod(d, 'm1').options as SelectOptions;

describe('select options', () => {
  it('makes the first option added the right one', () => {
    const d = selectDraft('Астана', 'Алматы');
    expect(opts(d).rightId).toBe('o1');
    expect(selectRightIndex(opts(d))).toBe(0);
  });

  it('deleting the right option resets the right answer to the first option', () => {
    let d = selectDraft('a', 'b', 'c');
    d = run(d, { type: 'select/setRight', moduleId: 'm1', optionId: 'o3' });
    d = run(d, { type: 'select/removeOption', moduleId: 'm1', optionId: 'o3' });
    expect(opts(d).rightId).toBe('o1');
    expect(selectRightIndex(opts(d))).toBe(0);
  });

  it('deleting an option before the right one keeps the same option right', () => {
    let d = selectDraft('a', 'b', 'c');
    d = run(d, { type: 'select/setRight', moduleId: 'm1', optionId: 'o3' });
    d = run(d, { type: 'select/removeOption', moduleId: 'm1', optionId: 'o1' });
    expect(opts(d).rightId).toBe('o3');
    expect(selectRightIndex(opts(d))).toBe(1);
  });

  it('deleting the last option leaves no right answer', () => {
    let d = selectDraft('a');
    d = run(d, { type: 'select/removeOption', moduleId: 'm1', optionId: 'o1' });
    expect(opts(d)).toEqual({ kind: 'select', items: [], rightId: null });
  });

  it('reordering keeps the right option', () => {
    let d = selectDraft('a', 'b', 'c');
    d = run(d, { type: 'select/setRight', moduleId: 'm1', optionId: 'o2' });
    d = run(d, { type: 'select/moveOption', moduleId: 'm1', optionId: 'o2', toIndex: 0 });
    expect(opts(d).items.map((o) => o.id)).toEqual(['o2', 'o1', 'o3']);
    expect(selectRightIndex(opts(d))).toBe(0);
  });

  it('rejects unknown options, wrong kinds and out-of-range positions without a new version', () => {
    const d = selectDraft('a', 'b');
    expect(rejected(d, { type: 'select/setRight', moduleId: 'm1', optionId: 'zz' }).code).toBe(
      'unknown_id',
    );
    expect(
      rejected(d, { type: 'choice/setRight', moduleId: 'm1', optionId: 'o1', right: true }).code,
    ).toBe('wrong_kind');
    expect(
      rejected(d, { type: 'select/moveOption', moduleId: 'm1', optionId: 'o1', toIndex: 2 }).code,
    ).toBe('out_of_range');
    expect(
      rejected(d, { type: 'select/addOption', moduleId: 'm1', optionId: 'o1', text: 'x' }).code,
    ).toBe('duplicate_id');
  });
});
