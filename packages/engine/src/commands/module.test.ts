import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { moduleNumbers } from '../numbering.js';
import { textDoc } from '../model.js';
import { blank, mod, rejected, run, withModules } from '../test/harness.js';

describe('modules', () => {
  it('numbers modules 1..n across pages; deleting renumbers', () => {
    let d = run(
      withModules('lesson', 'task', 'simple', 'task'),
      { type: 'page/add', pageId: 'p2' },
      { type: 'module/add', pageId: 'p2', moduleId: 'm4', moduleType: 'task' },
    );
    expect([...moduleNumbers(d)]).toEqual([
      ['m1', 1],
      ['m2', 2],
      ['m3', 3],
      ['m4', 4],
    ]);
    d = run(d, { type: 'module/remove', moduleId: 'm2' });
    expect([...moduleNumbers(d)]).toEqual([
      ['m1', 1],
      ['m3', 2],
      ['m4', 3],
    ]);
  });

  it('in custom lessons simple modules are neither numbered nor counted', () => {
    const d = withModules('customLesson', 'simple', 'task', 'simple', 'task');
    expect([...moduleNumbers(d)]).toEqual([
      ['m2', 1],
      ['m4', 2],
    ]);
  });

  it('moves within a page and across pages', () => {
    let d = run(withModules('lesson', 'task', 'task', 'task'), { type: 'page/add', pageId: 'p2' });
    d = run(d, { type: 'module/move', moduleId: 'm3', toPageId: 'p1', toIndex: 0 });
    expect(d.pages[0]!.modules.map((m) => m.id)).toEqual(['m3', 'm1', 'm2']);
    d = run(d, { type: 'module/move', moduleId: 'm1', toPageId: 'p2', toIndex: 0 });
    expect(d.pages.map((p) => p.modules.map((m) => m.id))).toEqual([['m3', 'm2'], ['m1']]);
    // The index follows the module to its new page: later edits find it.
    d = run(d, { type: 'module/setTitle', moduleId: 'm1', title: 'Көшірілді' });
    expect(mod(d, 'm1').title).toBe('Көшірілді');
    expect(
      rejected(d, { type: 'module/move', moduleId: 'm1', toPageId: 'p1', toIndex: 3 }).code,
    ).toBe('out_of_range');
  });

  it('duplicates a module right after itself with derived ids for everything inside', () => {
    let d = run(
      withModules('sor', 'task'),
      {
        type: 'module/setOptions',
        moduleId: 'm1',
        options: {
          kind: 'connection',
          left: [{ id: 'l1', content: 'H₂O' }],
          right: [{ id: 'r1', content: 'су' }],
          links: [{ left: 'l1', right: 'r1' }],
        },
      },
      { type: 'descriptor/addRow', moduleId: 'm1', rowId: 'd1', title: 'сәйкестендіреді', mark: 1 },
      { type: 'module/duplicate', moduleId: 'm1', newModuleId: 'm1c' },
    );
    const copy = mod(d, 'm1c');
    expect(d.pages[0]!.modules.map((m) => m.id)).toEqual(['m1', 'm1c']);
    expect(copy.options).toEqual({
      kind: 'connection',
      left: [{ id: 'm1c~1', content: 'H₂O' }],
      right: [{ id: 'm1c~2', content: 'су' }],
      links: [{ left: 'm1c~1', right: 'm1c~2' }],
    });
    expect(copy.descriptor.descriptorList).toEqual([
      { id: 'm1c~3', title: 'сәйкестендіреді', mark: 1 },
    ]);
    // Editing the copy leaves the original alone.
    d = run(d, { type: 'connection/editItem', moduleId: 'm1c', itemId: 'm1c~1', content: 'NaCl' });
    expect(mod(d, 'm1').options).toMatchObject({ left: [{ id: 'l1', content: 'H₂O' }] });
    expect(rejected(d, { type: 'module/duplicate', moduleId: 'm1', newModuleId: 'm1c' }).code).toBe(
      'duplicate_id',
    );
  });

  it('edits title, type, description, content, hints and criteria; each inverse restores', () => {
    const d0 = withModules('lesson', 'task');
    const edits = [
      { type: 'module/setTitle', moduleId: 'm1', title: 'Жаңа атау' },
      { type: 'module/setType', moduleId: 'm1', moduleType: 'simple' },
      { type: 'module/setDescription', moduleId: 'm1', description: textDoc('Сипаттама') },
      { type: 'module/setContent', moduleId: 'm1', content: textDoc('Мәтін') },
      { type: 'module/setHint', moduleId: 'm1', solution: textDoc('Шешуі: 2+2=4') },
      {
        type: 'module/setCriteria',
        moduleId: 'm1',
        patch: { taskTypeId: 'tt1', additionalInfo: 'қосымша', maxNumbers: 3 },
      },
    ] as const;
    let d = d0;
    for (const e of edits) {
      const r = apply(d, e);
      if (!r.ok) throw new Error(r.rejection.message);
      const back = apply(r.draft, r.inverse);
      if (!back.ok) throw new Error(back.rejection.message);
      expect({ ...back.draft, version: 0 }).toEqual({ ...d, version: 0 });
      d = r.draft;
    }
    const m = mod(d, 'm1');
    expect(m.title).toBe('Жаңа атау');
    expect(m.type).toBe('simple');
    expect(m.hints.solution).toEqual(textDoc('Шешуі: 2+2=4'));
    expect(m.additionalCriterions).toEqual({
      taskTypeId: 'tt1',
      additionalInfo: 'қосымша',
      purposes: [],
      maxNumbers: 3,
    });
  });

  it('validates rich text loosely but safely', () => {
    const d = withModules('lesson', 'task');
    const ok = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Тақырып' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'қалың', marks: [{ type: 'bold' }] }],
        },
        { type: 'image', attrs: { src: 'asset:photo.png', alt: null } },
      ],
    };
    expect(apply(d, { type: 'module/setContent', moduleId: 'm1', content: ok }).ok).toBe(true);
    let deep: object = { type: 'text', text: 'x' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'doc', content: [deep] };
    for (const content of [
      { type: 'paragraph' },
      { type: 'doc', content: 'text' },
      { type: 'doc', attrs: { x: { nested: 'object' } } },
      { type: 'doc', content: [{ type: '<script>' }] },
      deep,
    ]) {
      expect(rejected(d, { type: 'module/setContent', moduleId: 'm1', content }).code).toBe(
        'invalid_payload',
      );
    }
  });

  it('attaches and detaches assets; removing an asset detaches it everywhere', () => {
    let d = run(
      withModules('lesson', 'task', 'task'),
      { type: 'asset/add', name: 'map.png', label: 'Қазақстан картасы' },
      { type: 'module/attach', moduleId: 'm1', assetName: 'map.png' },
      { type: 'module/attach', moduleId: 'm2', assetName: 'map.png' },
    );
    expect(rejected(d, { type: 'module/attach', moduleId: 'm1', assetName: 'map.png' }).code).toBe(
      'conflict',
    );
    expect(rejected(d, { type: 'module/attach', moduleId: 'm1', assetName: 'x.png' }).code).toBe(
      'unknown_id',
    );
    const removed = apply(d, { type: 'asset/remove', name: 'map.png' });
    if (!removed.ok) throw new Error('rejected');
    expect(mod(removed.draft, 'm1').attachments).toEqual([]);
    expect(mod(removed.draft, 'm2').attachments).toEqual([]);
    const back = apply(removed.draft, removed.inverse);
    if (!back.ok) throw new Error('rejected');
    expect(mod(back.draft, 'm2').attachments).toEqual(['map.png']);
    d = run(back.draft, { type: 'module/detach', moduleId: 'm1', assetName: 'map.png' });
    expect(mod(d, 'm1').attachments).toEqual([]);
  });

  it('refuses a whole module that refers to missing purposes or has inconsistent options', () => {
    const d = withModules('lesson', 'task');
    const base = mod(d, 'm1');
    const bad = [
      {
        ...base,
        id: 'n1',
        additionalCriterions: { ...base.additionalCriterions, purposes: ['gone'] },
      },
      {
        ...base,
        id: 'n2',
        options: { kind: 'select', items: [{ id: 'o', text: 'a' }], rightId: null },
      },
      {
        ...base,
        id: 'n3',
        options: {
          kind: 'choice',
          multiple: false,
          items: [
            { id: 'a', content: 'a', right: true },
            { id: 'b', content: 'b', right: true },
          ],
        },
      },
    ];
    for (const module of bad)
      expect(rejected(d, { type: 'module/insert', pageId: 'p1', index: 0, module }).code).toMatch(
        /unknown_id|invalid_payload/,
      );
    expect(
      rejected(blank(), { type: 'module/add', pageId: 'p1', moduleId: 'x', moduleType: 'task' })
        .code,
    ).toBe('unknown_id');
  });
});
