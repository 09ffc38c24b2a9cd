/** Test helpers: build drafts by applying commands, failing loudly on any rejection. */
import { apply } from '../apply.js';
import type { CommandInput } from '../commands/types.js';
import { checkInvariants } from '../invariants.js';
import { createDraft, type Draft, type DraftType } from '../model.js';
import type { Rejection } from '../reducer/context.js';

export function blank(type: DraftType = 'lesson'): Draft {
  return createDraft({ id: 'd1', type, title: 'Сабақ', lang: 'kz' });
}

/** Applies each command; throws on a rejection or a broken invariant. */
export function run(draft: Draft, ...commands: CommandInput[]): Draft {
  let d = draft;
  for (const c of commands) {
    const r = apply(d, c);
    if (!r.ok) throw new Error(`${c.type} rejected: ${r.rejection.code} ${r.rejection.message}`);
    const broken = checkInvariants(r.draft, d);
    if (broken.length > 0) throw new Error(`${c.type} broke invariants: ${broken.join('; ')}`);
    d = r.draft;
  }
  return d;
}

/** Applies a command that must be rejected; returns the rejection. */
export function rejected(draft: Draft, command: unknown): Rejection {
  const r = apply(draft, command);
  if (r.ok) throw new Error(`expected a rejection for ${JSON.stringify(command)}`);
  return r.rejection;
}

/** A draft with one page `p1` and modules m1.. of the given types. */
export function withModules(type: DraftType, ...types: Array<'simple' | 'task'>): Draft {
  return run(
    blank(type),
    { type: 'page/add', pageId: 'p1', title: 'Бет 1' },
    ...types.map((t, i) => ({
      type: 'module/add' as const,
      pageId: 'p1',
      moduleId: `m${i + 1}`,
      moduleType: t,
      title: `Тапсырма ${i + 1}`,
    })),
  );
}

export function mod(d: Draft, id: string) {
  for (const p of d.pages) for (const m of p.modules) if (m.id === id) return m;
  throw new Error(`no module ${id}`);
}
