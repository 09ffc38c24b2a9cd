import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { mod, rejected, run, withModules } from '../test/harness.js';

function withPurposes() {
  return run(
    withModules('sor', 'task', 'task'),
    {
      type: 'purpose/add',
      purposeId: 'g1',
      title: '5.1.2.1 мәтіннің негізгі ойын анықтау',
      skillLevelId: 'understand',
    },
    { type: 'purpose/add', purposeId: 'g2', title: '5.2.1.1 сұрақтарға жауап беру' },
    { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm1' },
    { type: 'purpose/attach', purposeId: 'g2', moduleId: 'm1' },
    { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm2' },
  );
}

describe('purposes', () => {
  it('deleting a purpose removes it from every module', () => {
    const d = run(withPurposes(), { type: 'purpose/remove', purposeId: 'g1' });
    expect(d.purposes.map((p) => p.id)).toEqual(['g2']);
    expect(mod(d, 'm1').additionalCriterions.purposes).toEqual(['g2']);
    expect(mod(d, 'm2').additionalCriterions.purposes).toEqual([]);
  });

  it('undoing the deletion restores the purpose and each attachment at its position', () => {
    const d = withPurposes();
    const r = apply(d, { type: 'purpose/remove', purposeId: 'g1' });
    if (!r.ok) throw new Error('rejected');
    const back = apply(r.draft, r.inverse);
    if (!back.ok) throw new Error('rejected');
    expect({ ...back.draft, version: 0 }).toEqual({ ...d, version: 0 });
  });

  it('edits purposes and detaches them; attaching twice or to nothing is refused', () => {
    let d = run(
      withPurposes(),
      { type: 'purpose/edit', purposeId: 'g2', patch: { title: 'жаңа мақсат', langLevelId: 'B1' } },
      { type: 'purpose/detach', purposeId: 'g2', moduleId: 'm1' },
    );
    expect(d.purposes[1]).toEqual({
      id: 'g2',
      title: 'жаңа мақсат',
      skillLevelId: null,
      langLevelId: 'B1',
    });
    expect(mod(d, 'm1').additionalCriterions.purposes).toEqual(['g1']);
    expect(rejected(d, { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm1' }).code).toBe(
      'conflict',
    );
    expect(rejected(d, { type: 'purpose/attach', purposeId: 'zz', moduleId: 'm1' }).code).toBe(
      'unknown_id',
    );
    d = run(d, { type: 'module/remove', moduleId: 'm2' });
    expect(rejected(d, { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm2' }).code).toBe(
      'unknown_id',
    );
  });
});
