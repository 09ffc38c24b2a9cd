/** Module numbering (spec §4): modules are numbered by order across pages, 1..n with no gaps.
 * In custom lessons simple modules are neither numbered nor counted. Derived, never stored. */
import type { Draft, Module } from './model.js';

/** Whether a module takes a number (and counts in statistics) in a draft of this type. */
export function isNumbered(draftType: Draft['type'], m: Pick<Module, 'type'>): boolean {
  return !(draftType === 'customLesson' && m.type === 'simple');
}

export function moduleNumbers(draft: Draft): Map<string, number> {
  const numbers = new Map<string, number>();
  let n = 0;
  for (const p of draft.pages) {
    for (const m of p.modules) if (isNumbered(draft.type, m)) numbers.set(m.id, ++n);
  }
  return numbers;
}
