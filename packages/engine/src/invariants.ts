/**
 * `checkInvariants(draft)`: every rule of spec §4 that must hold in any reachable draft, as
 * human-readable violations ([] when all hold). The reducer keeps them; tests check them after
 * every command of random sequences.
 */
import { optionsProblem } from './commands/module-refs.js';
import { DraftSchema, type Draft } from './model.js';
import { moduleNestedIds } from './reducer/context.js';
import { isNumbered, moduleNumbers } from './numbering.js';

export function checkInvariants(draft: Draft, previous?: Draft): string[] {
  const out: string[] = [];
  const shape = DraftSchema.safeParse(draft);
  if (!shape.success)
    out.push(
      `schema: ${shape.error.issues[0]?.message} at ${shape.error.issues[0]?.path.join('.')}`,
    );
  return out.concat(ruleViolations(draft, previous));
}

/** The §4 rules alone, for a draft already known to match `DraftSchema` (parseDraft). */
export function ruleViolations(draft: Draft, previous?: Draft): string[] {
  const out: string[] = [];

  // Ids unique across the draft (pages, modules, option/connection items, rows, purposes).
  const seen = new Set<string>();
  const see = (id: string, what: string) => {
    if (seen.has(id)) out.push(`duplicate id ${id} (${what})`);
    seen.add(id);
  };
  for (const p of draft.pages) {
    see(p.id, 'page');
    for (const m of p.modules) {
      see(m.id, 'module');
      for (const id of moduleNestedIds(m)) see(id, `part of ${m.id}`);
    }
  }
  for (const p of draft.purposes) see(p.id, 'purpose');
  const assetNames = new Set<string>();
  for (const a of draft.assets) {
    if (assetNames.has(a.name)) out.push(`duplicate asset name ${a.name}`);
    assetNames.add(a.name);
  }

  const purposeIds = new Set(draft.purposes.map((p) => p.id));
  for (const p of draft.pages) {
    for (const m of p.modules) {
      // select: right option exists whenever there are options; choice single: ≤1 right;
      // connection: links join existing items, no repeats.
      if (m.options) {
        const why = optionsProblem(m.options);
        if (why) out.push(`module ${m.id}: ${why}`);
      }
      const ps = m.additionalCriterions.purposes;
      if (new Set(ps).size !== ps.length) out.push(`module ${m.id}: purpose attached twice`);
      for (const id of ps)
        if (!purposeIds.has(id)) out.push(`module ${m.id}: dangling purpose ${id}`);
      if (new Set(m.attachments).size !== m.attachments.length)
        out.push(`module ${m.id}: asset attached twice`);
      for (const a of m.attachments)
        if (!assetNames.has(a)) out.push(`module ${m.id}: dangling asset ${a}`);
    }
  }

  // Numbering: 1..n in order, contiguous, simple modules of custom lessons excluded.
  const numbers = moduleNumbers(draft);
  let expected = 0;
  for (const p of draft.pages) {
    for (const m of p.modules) {
      const n = numbers.get(m.id);
      if (isNumbered(draft.type, m)) {
        if (n !== ++expected) out.push(`module ${m.id} numbered ${n}, expected ${expected}`);
      } else if (n !== undefined)
        out.push(`module ${m.id} (simple, custom lesson) has number ${n}`);
    }
  }

  if (previous && draft !== previous && draft.version !== previous.version + 1)
    out.push(`version ${previous.version} -> ${draft.version}, expected +1`);
  return out;
}
