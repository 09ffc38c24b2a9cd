import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { ChoiceOptions } from '../model.js';
import { mod, rejected, run, withModules } from '../test/harness.js';

function choiceDraft(multiple: boolean) {
  return run(
    withModules('lesson', 'task'),
    { type: 'module/setOptions', moduleId: 'm1', options: { kind: 'choice', multiple, items: [] } },
    { type: 'choice/addOption', moduleId: 'm1', optionId: 'a', content: 'Абай' },
    { type: 'choice/addOption', moduleId: 'm1', optionId: 'b', content: 'Шоқан' },
    { type: 'choice/addOption', moduleId: 'm1', optionId: 'c', content: 'Ыбырай' },
  );
}
const rights = (d: ReturnType<typeof choiceDraft>) =>
  (mod(d, 'm1').options as ChoiceOptions).items.filter((i) => i.right).map((i) => i.id);

describe('choice options', () => {
  it('single: setting a new right option clears the old one', () => {
    let d = choiceDraft(false);
    d = run(d, { type: 'choice/setRight', moduleId: 'm1', optionId: 'a', right: true });
    d = run(d, { type: 'choice/setRight', moduleId: 'm1', optionId: 'c', right: true });
    expect(rights(d)).toEqual(['c']);
    d = run(d, {
      type: 'choice/addOption',
      moduleId: 'm1',
      optionId: 'e',
      content: 'Махамбет',
      right: true,
    });
    expect(rights(d)).toEqual(['e']);
  });

  it('single: undoing a right switch brings the old right option back', () => {
    const d = run(choiceDraft(false), {
      type: 'choice/setRight',
      moduleId: 'm1',
      optionId: 'a',
      right: true,
    });
    const r = apply(d, { type: 'choice/setRight', moduleId: 'm1', optionId: 'b', right: true });
    if (!r.ok) throw new Error('rejected');
    const back = apply(r.draft, r.inverse);
    if (!back.ok) throw new Error('rejected');
    expect(rights(back.draft)).toEqual(['a']);
  });

  it('multiple: several right options; switching to single keeps the first', () => {
    let d = choiceDraft(true);
    d = run(
      d,
      { type: 'choice/setRight', moduleId: 'm1', optionId: 'b', right: true },
      { type: 'choice/setRight', moduleId: 'm1', optionId: 'c', right: true },
    );
    expect(rights(d)).toEqual(['b', 'c']);
    d = run(d, { type: 'choice/setMultiple', moduleId: 'm1', multiple: false });
    expect(rights(d)).toEqual(['b']);
  });

  it('edits, reorders and removes options', () => {
    let d = choiceDraft(false);
    d = run(
      d,
      { type: 'choice/editOption', moduleId: 'm1', optionId: 'a', content: 'Абай Құнанбайұлы' },
      { type: 'choice/moveOption', moduleId: 'm1', optionId: 'c', toIndex: 0 },
      { type: 'choice/removeOption', moduleId: 'm1', optionId: 'b' },
    );
    expect((mod(d, 'm1').options as ChoiceOptions).items.map((i) => [i.id, i.content])).toEqual([
      ['c', 'Ыбырай'],
      ['a', 'Абай Құнанбайұлы'],
    ]);
    expect(rejected(d, { type: 'choice/removeOption', moduleId: 'm1', optionId: 'b' }).code).toBe(
      'unknown_id',
    );
    expect(rejected(d, { type: 'select/setRight', moduleId: 'm1', optionId: 'a' }).code).toBe(
      'wrong_kind',
    );
  });
});
