import { describe, expect, it } from 'vitest';
import { mod, rejected, run, withModules } from '../test/harness.js';

describe('descriptors', () => {
  it('sets the criterion and adds, edits, moves and removes rows', () => {
    let d = run(
      withModules('sor', 'task'),
      { type: 'descriptor/setCriterion', moduleId: 'm1', criterion: 'Мәтіннен ақпаратты табады' },
      {
        type: 'descriptor/addRow',
        moduleId: 'm1',
        rowId: 'd1',
        title: 'кейіпкерді атайды',
        mark: 1,
      },
      {
        type: 'descriptor/addRow',
        moduleId: 'm1',
        rowId: 'd2',
        title: 'оқиғаны сипаттайды',
        mark: 2,
      },
      { type: 'descriptor/editRow', moduleId: 'm1', rowId: 'd1', mark: 2 },
      { type: 'descriptor/moveRow', moduleId: 'm1', rowId: 'd2', toIndex: 0 },
    );
    expect(mod(d, 'm1').descriptor).toEqual({
      criterion: 'Мәтіннен ақпаратты табады',
      descriptorList: [
        { id: 'd2', title: 'оқиғаны сипаттайды', mark: 2 },
        { id: 'd1', title: 'кейіпкерді атайды', mark: 2 },
      ],
    });
    d = run(d, { type: 'descriptor/removeRow', moduleId: 'm1', rowId: 'd2' });
    expect(mod(d, 'm1').descriptor.descriptorList.map((r) => r.id)).toEqual(['d1']);
  });

  it('rejects non-finite marks and unknown rows', () => {
    const d = withModules('sor', 'task');
    expect(
      rejected(d, {
        type: 'descriptor/addRow',
        moduleId: 'm1',
        rowId: 'x',
        title: '',
        mark: Infinity,
      }).code,
    ).toBe('invalid_payload');
    expect(
      rejected(d, { type: 'descriptor/addRow', moduleId: 'm1', rowId: 'x', title: '', mark: '2' })
        .code,
    ).toBe('invalid_payload');
    expect(
      rejected(d, { type: 'descriptor/editRow', moduleId: 'm1', rowId: 'x', mark: 1 }).code,
    ).toBe('unknown_id');
  });
});
