/** Consistency checks for whole modules and option sets arriving in a command (restores,
 * imports), so that no command can smuggle in a state that breaks an invariant. */
import type { Draft, Module, ModuleOptions } from '../model.js';
import { reject, type Outcome } from '../reducer/context.js';

export type ModuleLike = Pick<Module, 'options' | 'attachments' | 'additionalCriterions'>;

/** Why an option set is inconsistent, or null. */
export function optionsProblem(o: ModuleOptions): string | null {
  switch (o.kind) {
    case 'select': {
      if (o.items.length === 0)
        return o.rightId === null ? null : 'select without options has a right option';
      if (o.rightId === null) return 'select with options needs a right option';
      return o.items.some((i) => i.id === o.rightId)
        ? null
        : 'select right option is not one of its options';
    }
    case 'choice': {
      if (!o.multiple && o.items.filter((i) => i.right).length > 1)
        return 'single choice with more than one right option';
      return null;
    }
    case 'connection': {
      const left = new Set(o.left.map((i) => i.id));
      const right = new Set(o.right.map((i) => i.id));
      const seen = new Set<string>();
      for (const l of o.links) {
        if (!left.has(l.left) || !right.has(l.right)) return 'link joins a missing item';
        const key = `${l.left}\u0000${l.right}`;
        if (seen.has(key)) return 'the same link twice';
        seen.add(key);
      }
      return null;
    }
    default:
      return o satisfies never;
  }
}

function hasRepeats(xs: readonly string[]): boolean {
  return new Set(xs).size !== xs.length;
}

export function moduleRefProblem(d: Draft, m: ModuleLike): Outcome | null {
  if (m.options) {
    const why = optionsProblem(m.options);
    if (why) return reject('invalid_payload', why, 'options');
  }
  const purposes = m.additionalCriterions.purposes;
  if (hasRepeats(purposes))
    return reject('invalid_payload', 'a purpose is attached twice', 'purposes');
  for (const id of purposes) {
    if (!d.purposes.some((p) => p.id === id))
      return reject('unknown_id', `no such purpose: ${id}`, 'purposes', { id });
  }
  if (hasRepeats(m.attachments))
    return reject('invalid_payload', 'an asset is attached twice', 'attachments');
  for (const name of m.attachments) {
    if (!d.assets.some((a) => a.name === name))
      return reject('unknown_id', `no such asset: ${name}`, 'attachments', { id: name });
  }
  return null;
}
