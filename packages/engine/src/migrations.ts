/**
 * Schema migrations. Every serialised thing carries `schemaVersion`; anything older is brought up
 * step by step (1 → 2 → …) before the current zod schema checks it. Version 1 is the editor's
 * legacy layout (the shape the old builder front end kept in its store):
 * - no `schemaVersion`; descriptors in a draft-level map `descriptors[moduleId]` with rows
 *   without ids; select options as a string array plus a `right` index; connection right items
 *   pointing at their left item with `val`; hints and description as plain strings; pages
 *   possibly without ids; dictionaries at the top level.
 * - events flat (`{ id, actor, ts, type, ...payload }`, `ts` in epoch milliseconds).
 */
import { SCHEMA_VERSION, textDoc } from './model.js';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}
/** Legacy rich-text fields were HTML-ish strings or ProseMirror JSON: keep JSON, wrap strings. */
function doc(v: unknown): unknown {
  if (isObj(v)) return v;
  if (typeof v === 'string') return textDoc(v.replace(/<[^>]*>/g, '').trim());
  return null;
}

export interface Migration {
  from: number;
  to: number;
  /** What changed, for people reading `sabaq migrate` output. */
  note: string;
  draft: (d: Obj) => Obj;
  event: (e: Obj) => Obj;
}

function migrateOptions1to2(o: unknown, moduleId: string): unknown {
  if (!isObj(o)) return null;
  if (o.kind === 'select') {
    const texts = arr(o.options ?? o.items).map((t) => (isObj(t) ? str(t.text) : str(t)));
    const items = texts.map((text, i) => ({ id: `${moduleId}~s${i + 1}`, text }));
    const right = typeof o.right === 'number' ? o.right : 0;
    const rightItem = items[right] ?? items[0];
    return { kind: 'select', items, rightId: rightItem ? rightItem.id : null };
  }
  if (o.kind === 'choice') {
    const items = arr(o.options ?? o.items).map((x, i) => {
      const it = isObj(x) ? x : {};
      return {
        id: str(it.id, `${moduleId}~c${i + 1}`),
        content: str(it.content),
        right: it.right === true,
      };
    });
    return { kind: 'choice', multiple: o.multiple === true, items };
  }
  if (o.kind === 'connection') {
    const left = arr(o.left).map((x, i) => {
      const it = isObj(x) ? x : {};
      return { id: str(it.id, `${moduleId}~l${i + 1}`), content: str(it.content) };
    });
    const links: Array<{ left: string; right: string }> = [];
    const right = arr(o.right).map((x, i) => {
      const it = isObj(x) ? x : {};
      const id = str(it.id, `${moduleId}~r${i + 1}`);
      const vals = Array.isArray(it.val)
        ? it.val
        : it.val === undefined || it.val === null
          ? []
          : [it.val];
      for (const v of vals)
        if (typeof v === 'string' && left.some((l) => l.id === v))
          links.push({ left: v, right: id });
      return { id, content: str(it.content) };
    });
    return {
      kind: 'connection',
      left,
      right,
      links: isObj(o) && Array.isArray(o.links) ? o.links : links,
    };
  }
  return null;
}

export const migrations: readonly Migration[] = [
  {
    from: 1,
    to: 2,
    note: 'ids for select options and descriptor rows; descriptors move into modules; links instead of val; rich-text hints',
    draft(d) {
      const descriptors = isObj(d.descriptors) ? d.descriptors : {};
      const dicts = isObj(d.dictionaries) ? d.dictionaries : {};
      const pages = arr(d.pages).map((p, pi) => {
        const page = isObj(p) ? p : {};
        const modules = arr(page.modules).map((m, mi) => {
          const mod = isObj(m) ? m : {};
          const id = str(mod.id, `p${pi + 1}m${mi + 1}`);
          const desc = isObj(descriptors[id]) ? (descriptors[id] as Obj) : {};
          const hints = isObj(mod.hints) ? mod.hints : {};
          const ac = isObj(mod.additionalCriterions) ? mod.additionalCriterions : {};
          return {
            id,
            title: str(mod.title),
            type: mod.type === 'task' ? 'task' : 'simple',
            description: doc(mod.description),
            content: doc(mod.content) ?? textDoc(''),
            options: migrateOptions1to2(mod.options, id),
            hints: { solution: doc(hints.solution) },
            attachments: arr(mod.attachments).map((a) => (isObj(a) ? str(a.name) : str(a))),
            additionalCriterions: {
              taskTypeId: typeof ac.taskTypeId === 'string' ? ac.taskTypeId : null,
              additionalInfo: str(ac.additionalInfo),
              purposes: arr(ac.purposes).filter((x) => typeof x === 'string'),
              maxNumbers: typeof ac.maxNumbers === 'number' ? ac.maxNumbers : null,
            },
            descriptor: {
              criterion: str(desc.criterion),
              descriptorList: arr(desc.descriptorList).map((r, k) => {
                const row = isObj(r) ? r : {};
                return {
                  id: `${id}~d${k + 1}`,
                  title: str(row.title),
                  mark: Number(row.mark ?? 0),
                };
              }),
            },
          };
        });
        return {
          id: str(page.id, `p${pi + 1}`),
          title: str(page.title),
          expand: page.expand !== false,
          modules,
        };
      });
      const dict = (name: string) => arr(d[name] ?? dicts[name]);
      return {
        schemaVersion: 2,
        id: d.id,
        type: d.type,
        title: str(d.title),
        summary: str(d.summary),
        lang: d.lang,
        discipline: d.discipline === undefined || d.discipline === '' ? null : String(d.discipline),
        class: d.class === undefined || d.class === '' ? null : Number(d.class),
        duration: d.duration === undefined ? 40 : d.duration,
        themeTypeId: typeof d.themeTypeId === 'string' ? d.themeTypeId : null,
        speechActivityId: typeof d.speechActivityId === 'string' ? d.speechActivityId : null,
        version: typeof d.version === 'number' ? d.version : 0,
        pages,
        assets: arr(d.assets),
        purposes: arr(d.purposes).map((p) => {
          const pu = isObj(p) ? p : {};
          return {
            id: pu.id,
            title: str(pu.title),
            skillLevelId: typeof pu.skillLevelId === 'string' ? pu.skillLevelId : null,
            langLevelId: typeof pu.langLevelId === 'string' ? pu.langLevelId : null,
          };
        }),
        dictionaries: {
          skillLevels: dict('skillLevels'),
          taskTypes: dict('taskTypes'),
          themeTypes: dict('themeTypes'),
          speechActivities: dict('speechActivities'),
        },
      };
    },
    event(e) {
      const { id, actor, ts, origin, schemaVersion: _v, ...command } = e;
      const at =
        typeof ts === 'number' ? new Date(ts).toISOString() : str(e.at, new Date(0).toISOString());
      delete command.at;
      const out: Obj = { schemaVersion: 2, id, actor, at, command };
      if (origin !== undefined) out.origin = origin;
      return out;
    },
  },
];

/** The schema version of a serialised object (legacy objects have none and are version 1). */
export function versionOf(x: unknown): number {
  if (!isObj(x)) return SCHEMA_VERSION;
  return typeof x.schemaVersion === 'number' ? x.schemaVersion : 1;
}

export type MigrateResult =
  { ok: true; value: unknown; from: number } | { ok: false; message: string; from: number };

/** Brings a draft or event to SCHEMA_VERSION (no validation: the schema comes after). */
export function migrate(x: unknown, what: 'draft' | 'event'): MigrateResult {
  const from = versionOf(x);
  if (!isObj(x)) return { ok: false, message: `a ${what} must be a JSON object`, from };
  if (!Number.isInteger(from) || from < 1)
    return { ok: false, message: `unknown schemaVersion ${String(x.schemaVersion)}`, from };
  if (from > SCHEMA_VERSION)
    return {
      ok: false,
      message: `schemaVersion ${from} is newer than this engine (${SCHEMA_VERSION}); update Sabaq`,
      from,
    };
  let v: Obj = x;
  for (let n = from; n < SCHEMA_VERSION; n++) {
    const m = migrations.find((mm) => mm.from === n);
    if (!m) return { ok: false, message: `no migration from schemaVersion ${n}`, from };
    v = m[what](v);
  }
  return { ok: true, value: v, from };
}
