/** Reading drafts, events and snapshots from JSON: migrate to the current schema, validate with
 * zod, then check the invariants (a file can be well-typed and still inconsistent). */
import { brandValidated } from './brand.js';
import { ruleViolations } from './invariants.js';
import { migrate } from './migrations.js';
import { DraftSchema, SCHEMA_VERSION, type Draft } from './model.js';
import { EventSchema, SnapshotSchema, type DraftEvent, type Snapshot } from './log.js';
import type { z } from 'zod';

export interface ParseIssue {
  /** Dotted path into the input (after migration), '' for the whole thing. */
  path: string;
  message: string;
}

export type ParseResult<T> =
  { ok: true; value: T; migratedFrom: number | null } | { ok: false; issues: ParseIssue[] };

function zodIssues(error: z.ZodError): ParseIssue[] {
  return error.issues
    .slice(0, 50)
    .map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function parseWith<T>(
  json: unknown,
  what: 'draft' | 'event',
  schema: { safeParse: (x: unknown) => z.ZodSafeParseResult<T> },
): ParseResult<T> {
  let m;
  try {
    m = migrate(json, what);
  } catch (e) {
    return { ok: false, issues: [{ path: '', message: `cannot migrate: ${String(e)}` }] };
  }
  if (!m.ok) return { ok: false, issues: [{ path: 'schemaVersion', message: m.message }] };
  const r = schema.safeParse(m.value);
  if (!r.success) return { ok: false, issues: zodIssues(r.error) };
  return { ok: true, value: r.data, migratedFrom: m.from === SCHEMA_VERSION ? null : m.from };
}

/** A draft from JSON of any known schema version. `draft` is set on success for convenience. */
export function parseDraft(
  json: unknown,
): { ok: true; draft: Draft; migratedFrom: number | null } | { ok: false; issues: ParseIssue[] } {
  const r = parseWith(json, 'draft', DraftSchema);
  if (!r.ok) return r;
  // Schema already checked above: only the §4 rules remain.
  const broken = ruleViolations(r.value);
  if (broken.length > 0)
    return { ok: false, issues: broken.map((message) => ({ path: '', message })) };
  return { ok: true, draft: r.value, migratedFrom: r.migratedFrom };
}

/** An event from JSON. Its command was validated by `EventSchema`, so it is frozen and branded:
 * folding the parsed event again (time travel, undo) skips zod. */
export function parseEvent(json: unknown): ParseResult<DraftEvent> {
  const r = parseWith(json, 'event', EventSchema);
  if (r.ok) brandValidated(r.value.command);
  return r;
}

export function parseSnapshot(json: unknown): ParseResult<Snapshot> {
  if (typeof json !== 'object' || json === null)
    return { ok: false, issues: [{ path: '', message: 'a snapshot must be a JSON object' }] };
  const s = json as { schemaVersion?: unknown; eventCount?: unknown; draft?: unknown };
  const d = parseDraft(s.draft);
  if (!d.ok)
    return {
      ok: false,
      issues: d.issues.map((i) => ({ ...i, path: `draft${i.path ? '.' + i.path : ''}` })),
    };
  // The draft is checked above; only the envelope remains (parsing the draft twice would double
  // the cost of opening a draft).
  const count = SnapshotSchema.shape.eventCount.safeParse(s.eventCount);
  if (!count.success)
    return { ok: false, issues: zodIssues(count.error).map((i) => ({ ...i, path: 'eventCount' })) };
  return {
    ok: true,
    value: { schemaVersion: SCHEMA_VERSION, eventCount: count.data, draft: d.draft },
    migratedFrom: d.migratedFrom,
  };
}
