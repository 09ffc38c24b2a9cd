/**
 * Command generators for property tests and the benchmark: given the current draft and a source
 * of numbers, build a command that is usually valid (ids taken from the draft) and sometimes not
 * (stale ids, bad positions, duplicates), plus outright junk. Deterministic in its inputs, so a
 * fast-check seed or a PRNG seed reproduces a whole run.
 */
import type { CommandInput } from '../commands/types.js';
import type { Draft, Module } from '../model.js';

export interface Rand {
  /** 0 <= int(n) < n (n >= 1). */
  int(n: number): number;
}

/** mulberry32: tiny, fast, good enough for reproducible workloads. */
export function prng(seed: number): Rand {
  let a = seed >>> 0;
  return {
    int(n: number) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const x = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      return Math.floor(x * n);
    },
  };
}

/** A Rand reading from a fixed list of numbers (what fast-check generates and shrinks). */
export function listRand(xs: readonly number[]): Rand {
  let i = 0;
  return {
    int(n: number) {
      const v = xs.length === 0 ? 0 : xs[i++ % xs.length]!;
      return Math.abs(v) % Math.max(1, n);
    },
  };
}

const WORDS = [
  'Қазақстан',
  'Абай',
  'su',
  'вода',
  'ағаш',
  'Алматы',
  'x²',
  '1/2',
  'тапсырма',
  'ответ',
];

function pick<T>(r: Rand, xs: readonly T[]): T | undefined {
  return xs.length === 0 ? undefined : xs[r.int(xs.length)];
}
function text(r: Rand): string {
  return `${pick(r, WORDS)} ${r.int(1000)}`;
}

/** Sizes of real lessons; the generator stops growing a collection past them. */
export const LIMITS = { pages: 20, modules: 250, options: 8, rows: 6, purposes: 40, assets: 40 };

interface Pools {
  pages: string[];
  modules: Module[];
  purposes: string[];
  assets: string[];
}
function pools(d: Draft): Pools {
  const modules: Module[] = [];
  for (const p of d.pages) for (const m of p.modules) modules.push(m);
  return {
    pages: d.pages.map((p) => p.id),
    modules,
    purposes: d.purposes.map((p) => p.id),
    assets: d.assets.map((a) => a.name),
  };
}

/** Mostly-existing ids, sometimes a stale or made-up one. */
function someId(r: Rand, ids: readonly string[]): string {
  if (ids.length === 0 || r.int(20) === 0) return `ghost${r.int(5)}`;
  return ids[r.int(ids.length)]!;
}

function partIds(m: Module | undefined, which: 'items' | 'left' | 'right' | 'rows'): string[] {
  if (!m) return [];
  if (which === 'rows') return m.descriptor.descriptorList.map((x) => x.id);
  const o = m.options;
  if (!o) return [];
  if (o.kind === 'connection')
    return which === 'left'
      ? o.left.map((x) => x.id)
      : which === 'right'
        ? o.right.map((x) => x.id)
        : [...o.left, ...o.right].map((x) => x.id);
  return which === 'items' ? o.items.map((x) => x.id) : [];
}

function modulesOfKind(p: Pools, kind: 'select' | 'choice' | 'connection'): Module[] {
  return p.modules.filter((m) => m.options?.kind === kind);
}

/**
 * A command for draft `d`. `fresh()` gives a new unique id (the caller's counter), so created
 * entities get distinct ids unless the generator deliberately reuses one.
 */
export function genCommand(d: Draft, r: Rand, fresh: () => string): CommandInput {
  const p = pools(d);
  const newId = () =>
    r.int(30) === 0 ? someId(r, [...p.pages, ...p.modules.map((m) => m.id)]) : fresh();
  const mod = () => (r.int(20) === 0 ? undefined : pick(r, p.modules));
  const modId = (m = mod()) => m?.id ?? `ghost${r.int(3)}`;
  const pos = (len: number) => (r.int(25) === 0 ? len + 1 + r.int(3) : r.int(len + 1));
  const kindMod = (k: 'select' | 'choice' | 'connection') => pick(r, modulesOfKind(p, k)) ?? mod();
  // Weights: structure while small, then mostly the edits people make all day.
  const small = p.modules.length < 8;
  const roll = r.int(small ? 40 : 100);
  if (small && roll < 10 && p.pages.length < 3)
    return { type: 'page/add', pageId: newId(), title: text(r), index: pos(p.pages.length) };
  if (small && roll < 30)
    return {
      type: 'module/add',
      pageId: someId(r, p.pages),
      moduleId: newId(),
      moduleType: r.int(3) === 0 ? 'simple' : 'task',
      title: text(r),
    };
  switch (roll % 50) {
    case 0:
      // Sizes stay those of real lessons (≤ 20 pages, ≤ 250 modules).
      if (p.pages.length >= LIMITS.pages)
        return { type: 'page/move', pageId: someId(r, p.pages), toIndex: r.int(p.pages.length) };
      return { type: 'page/add', pageId: newId(), title: text(r), index: pos(p.pages.length) };
    case 1:
      // Removing a whole page is rare in real editing and drops many modules at once.
      return r.int(6) === 0 && (p.pages.length > 5 || r.int(4) === 0)
        ? { type: 'page/remove', pageId: someId(r, p.pages) }
        : { type: 'page/rename', pageId: someId(r, p.pages), title: text(r) };
    case 2:
      return {
        type: 'page/move',
        pageId: someId(r, p.pages),
        toIndex: pos(Math.max(0, p.pages.length - 1)),
      };
    case 3:
      return { type: 'page/setExpand', pageId: someId(r, p.pages), expand: r.int(2) === 0 };
    case 4:
    case 5:
      if (p.modules.length >= LIMITS.modules) return { type: 'module/remove', moduleId: modId() };
      return {
        type: 'module/add',
        pageId: someId(r, p.pages),
        moduleId: newId(),
        moduleType: r.int(3) === 0 ? 'simple' : 'task',
        title: text(r),
        index: r.int(3) === 0 ? r.int(4) : undefined,
      };
    case 6:
      return { type: 'module/remove', moduleId: modId() };
    case 7:
      return {
        type: 'module/move',
        moduleId: modId(),
        toPageId: someId(r, p.pages),
        toIndex: r.int(6),
      };
    case 8:
      if (p.modules.length >= LIMITS.modules) return { type: 'module/remove', moduleId: modId() };
      return { type: 'module/duplicate', moduleId: modId(), newModuleId: newId() };
    case 9:
    case 10:
      return { type: 'module/setTitle', moduleId: modId(), title: text(r) };
    case 11:
      return {
        type: 'module/setType',
        moduleId: modId(),
        moduleType: r.int(2) === 0 ? 'simple' : 'task',
      };
    case 12:
    case 13:
      return {
        type: 'module/setContent',
        moduleId: modId(),
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: text(r) }] }],
        },
      };
    case 14:
      return {
        type: 'module/setHint',
        moduleId: modId(),
        solution:
          r.int(4) === 0
            ? null
            : {
                type: 'doc',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: text(r) }] }],
              },
      };
    case 15:
      return {
        type: 'module/setCriteria',
        moduleId: modId(),
        patch: { maxNumbers: r.int(4) === 0 ? null : r.int(6), additionalInfo: text(r) },
      };
    case 16: {
      const k = r.int(4);
      const options =
        k === 0
          ? { kind: 'select' as const, items: [], rightId: null }
          : k === 1
            ? { kind: 'choice' as const, multiple: r.int(2) === 0, items: [] }
            : k === 2
              ? { kind: 'connection' as const, left: [], right: [], links: [] }
              : null;
      return { type: 'module/setOptions', moduleId: modId(), options };
    }
    case 17:
      return r.int(2) === 0
        ? { type: 'module/attach', moduleId: modId(), assetName: someId(r, p.assets) }
        : { type: 'module/detach', moduleId: modId(), assetName: someId(r, p.assets) };
    case 18:
    case 19: {
      const m = kindMod('select');
      if (partIds(m, 'items').length >= LIMITS.options)
        return {
          type: 'select/removeOption',
          moduleId: modId(m),
          optionId: someId(r, partIds(m, 'items')),
        };
      return {
        type: 'select/addOption',
        moduleId: modId(m),
        optionId: newId(),
        text: text(r),
        index: r.int(2) === 0 ? pos(partIds(m, 'items').length) : undefined,
        right: r.int(5) === 0 ? true : undefined,
      };
    }
    case 20: {
      const m = kindMod('select');
      return {
        type: 'select/removeOption',
        moduleId: modId(m),
        optionId: someId(r, partIds(m, 'items')),
      };
    }
    case 21: {
      const m = kindMod('select');
      const ids = partIds(m, 'items');
      const k = r.int(3);
      if (k === 0)
        return {
          type: 'select/editOption',
          moduleId: modId(m),
          optionId: someId(r, ids),
          text: text(r),
        };
      if (k === 1)
        return {
          type: 'select/moveOption',
          moduleId: modId(m),
          optionId: someId(r, ids),
          toIndex: pos(Math.max(0, ids.length - 1)),
        };
      return { type: 'select/setRight', moduleId: modId(m), optionId: someId(r, ids) };
    }
    case 22:
    case 23: {
      const m = kindMod('choice');
      if (partIds(m, 'items').length >= LIMITS.options)
        return {
          type: 'choice/removeOption',
          moduleId: modId(m),
          optionId: someId(r, partIds(m, 'items')),
        };
      return {
        type: 'choice/addOption',
        moduleId: modId(m),
        optionId: newId(),
        content: text(r),
        right: r.int(3) === 0,
        index: r.int(2) === 0 ? pos(partIds(m, 'items').length) : undefined,
      };
    }
    case 24: {
      const m = kindMod('choice');
      const ids = partIds(m, 'items');
      const k = r.int(5);
      if (k === 0)
        return { type: 'choice/removeOption', moduleId: modId(m), optionId: someId(r, ids) };
      if (k === 1)
        return {
          type: 'choice/editOption',
          moduleId: modId(m),
          optionId: someId(r, ids),
          content: text(r),
        };
      if (k === 2)
        return {
          type: 'choice/moveOption',
          moduleId: modId(m),
          optionId: someId(r, ids),
          toIndex: pos(Math.max(0, ids.length - 1)),
        };
      if (k === 3)
        return {
          type: 'choice/setRight',
          moduleId: modId(m),
          optionId: someId(r, ids),
          right: r.int(3) !== 0,
        };
      return { type: 'choice/setMultiple', moduleId: modId(m), multiple: r.int(2) === 0 };
    }
    case 25:
    case 26: {
      const m = kindMod('connection');
      if (partIds(m, 'items').length >= 2 * LIMITS.options)
        return {
          type: 'connection/removeItem',
          moduleId: modId(m),
          itemId: someId(r, partIds(m, 'items')),
        };
      return {
        type: 'connection/addItem',
        moduleId: modId(m),
        side: r.int(2) === 0 ? 'left' : 'right',
        itemId: newId(),
        content: text(r),
      };
    }
    case 27:
    case 28: {
      const m = kindMod('connection');
      return {
        type: 'connection/link',
        moduleId: modId(m),
        leftId: someId(r, partIds(m, 'left')),
        rightId: someId(r, partIds(m, 'right')),
      };
    }
    case 29: {
      const m = kindMod('connection');
      const ids = partIds(m, 'items');
      const k = r.int(4);
      if (k === 0)
        return { type: 'connection/removeItem', moduleId: modId(m), itemId: someId(r, ids) };
      if (k === 1)
        return {
          type: 'connection/editItem',
          moduleId: modId(m),
          itemId: someId(r, ids),
          content: text(r),
        };
      if (k === 2)
        return {
          type: 'connection/moveItem',
          moduleId: modId(m),
          itemId: someId(r, ids),
          toIndex: r.int(4),
        };
      return {
        type: 'connection/unlink',
        moduleId: modId(m),
        leftId: someId(r, partIds(m, 'left')),
        rightId: someId(r, partIds(m, 'right')),
      };
    }
    case 30:
      return { type: 'descriptor/setCriterion', moduleId: modId(), criterion: text(r) };
    case 31:
    case 32: {
      const m = mod();
      if (partIds(m, 'rows').length >= LIMITS.rows)
        return {
          type: 'descriptor/removeRow',
          moduleId: modId(m),
          rowId: someId(r, partIds(m, 'rows')),
        };
      return {
        type: 'descriptor/addRow',
        moduleId: modId(m),
        rowId: newId(),
        title: text(r),
        mark: r.int(5) - 1,
      };
    }
    case 33: {
      const m = mod();
      const ids = partIds(m, 'rows');
      const k = r.int(3);
      if (k === 0)
        return { type: 'descriptor/removeRow', moduleId: modId(m), rowId: someId(r, ids) };
      if (k === 1)
        return {
          type: 'descriptor/editRow',
          moduleId: modId(m),
          rowId: someId(r, ids),
          mark: r.int(4),
          title: r.int(2) === 0 ? text(r) : undefined,
        };
      return {
        type: 'descriptor/moveRow',
        moduleId: modId(m),
        rowId: someId(r, ids),
        toIndex: r.int(3),
      };
    }
    case 34:
      if (p.purposes.length >= LIMITS.purposes)
        return { type: 'purpose/remove', purposeId: someId(r, p.purposes) };
      return {
        type: 'purpose/add',
        purposeId: newId(),
        title: text(r),
        skillLevelId: r.int(2) === 0 ? 'sl1' : null,
      };
    case 35:
      return { type: 'purpose/remove', purposeId: someId(r, p.purposes) };
    case 36:
    case 37:
      return { type: 'purpose/attach', purposeId: someId(r, p.purposes), moduleId: modId() };
    case 38:
      return r.int(2) === 0
        ? { type: 'purpose/detach', purposeId: someId(r, p.purposes), moduleId: modId() }
        : { type: 'purpose/edit', purposeId: someId(r, p.purposes), patch: { title: text(r) } };
    case 39:
      if (p.assets.length >= LIMITS.assets)
        return { type: 'asset/remove', name: someId(r, p.assets) };
      return {
        type: 'asset/add',
        name: r.int(4) === 0 ? someId(r, p.assets) : `f${fresh()}.png`,
        label: text(r),
      };
    case 40:
      return r.int(2) === 0
        ? { type: 'asset/remove', name: someId(r, p.assets) }
        : { type: 'asset/setLabel', name: someId(r, p.assets), label: text(r) };
    case 41:
      return {
        type: 'draft/setMeta',
        patch:
          r.int(2) === 0
            ? { title: text(r) }
            : {
                duration: 1 + r.int(90),
                type: pick(r, ['sor', 'soch', 'customLesson', 'lesson'] as const)!,
              },
      };
    case 42:
      return {
        type: 'module/setDescription',
        moduleId: modId(),
        description: r.int(2) === 0 ? null : { type: 'doc', content: [] },
      };
    default:
      // The hot path of real editing: retitling and retyping text in existing things.
      return r.int(2) === 0
        ? { type: 'module/setTitle', moduleId: modId(), title: text(r) }
        : {
            type: 'module/setContent',
            moduleId: modId(),
            content: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: text(r) }] }],
            },
          };
  }
}

/** Junk: things that are not commands at all, or commands with broken payloads. */
export function genJunk(r: Rand): unknown {
  const junk: unknown[] = [
    null,
    42,
    'module/add',
    [],
    { type: 'module/explode' },
    { type: 'module/add' },
    { type: 'module/add', pageId: 5, moduleId: 'x', moduleType: 'task' },
    { type: 'module/add', pageId: 'p', moduleId: '', moduleType: 'task' },
    { type: 'module/add', pageId: 'p', moduleId: 'has space', moduleType: 'task' },
    { type: 'page/move', pageId: 'p', toIndex: -1 },
    { type: 'page/move', pageId: 'p', toIndex: 1.5 },
    { type: 'descriptor/addRow', moduleId: 'm', rowId: 'r', title: 't', mark: Number.NaN },
    { type: 'draft/setMeta', patch: { duration: 0 } },
    { type: 'draft/setMeta', patch: { nonsense: 1 } },
    { type: 'module/setContent', moduleId: 'm', content: { type: 'paragraph' } },
    { type: 'module/setContent', moduleId: 'm', content: deep(200) },
    {
      type: 'module/setOptions',
      moduleId: 'm',
      options: { kind: 'select', items: [{ id: 'a', text: 'a' }], rightId: 'zz' },
    },
    { type: 'draft/create', init: { id: 'x', type: 'sor', title: 't', lang: 'kz' } },
    { type: '__proto__', __proto__: { type: 'page/add' } },
  ];
  return junk[r.int(junk.length)];
}

function deep(n: number): unknown {
  let node: Record<string, unknown> = { type: 'text', text: 'x' };
  for (let i = 0; i < n; i++) node = { type: 'doc', content: [node] };
  return node;
}
