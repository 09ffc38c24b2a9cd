/**
 * Purposes (learning objectives) of the draft and their attachment to task modules.
 * Rule (spec §4): deleting a purpose removes it from every module; the inverse restores the
 * purpose and each attachment at its old position.
 */
import { z } from 'zod';
import { IdSchema, NewIdSchema, PurposeSchema, TEXT_MAX, type Draft } from '../model.js';
import {
  done,
  findModule,
  insertAt,
  isOutcome,
  reject,
  unknown,
  type Ctx,
  type Outcome,
  own,
} from '../reducer/context.js';

const Index = z.number().int().min(0);

export const purposeCommandSchemas = [
  z.object({
    type: z.literal('purpose/add'),
    purposeId: NewIdSchema,
    title: z.string().max(TEXT_MAX),
    skillLevelId: IdSchema.nullable().default(null),
    langLevelId: IdSchema.nullable().default(null),
    index: Index.optional(),
  }),
  z.object({ type: z.literal('purpose/remove'), purposeId: IdSchema }),
  /** Inverse of purpose/remove: the purpose back at `index`, attached again where it was. */
  z.object({
    type: z.literal('purpose/restore'),
    index: Index,
    purpose: PurposeSchema,
    attachedTo: z.array(z.object({ moduleId: IdSchema, index: Index })).max(2000),
  }),
  z.object({
    type: z.literal('purpose/edit'),
    purposeId: IdSchema,
    patch: z
      .object({
        title: z.string().max(TEXT_MAX),
        skillLevelId: IdSchema.nullable(),
        langLevelId: IdSchema.nullable(),
      })
      .partial()
      .strict(),
  }),
  z.object({
    type: z.literal('purpose/attach'),
    purposeId: IdSchema,
    moduleId: IdSchema,
    index: Index.optional(),
  }),
  z.object({ type: z.literal('purpose/detach'), purposeId: IdSchema, moduleId: IdSchema }),
] as const;

type PurposeCommand = z.infer<(typeof purposeCommandSchemas)[number]>;

export function handlePurpose(d: Draft, c: PurposeCommand, ctx: Ctx): Outcome {
  switch (c.type) {
    case 'purpose/add': {
      if (ctx.index.has(c.purposeId))
        return reject('duplicate_id', `id already used: ${c.purposeId}`, 'purposeId', {
          id: c.purposeId,
        });
      const at = insertAt(c.index, d.purposes.length);
      if (isOutcome(at)) return at;
      d.purposes.splice(at, 0, {
        id: c.purposeId,
        title: c.title,
        skillLevelId: c.skillLevelId,
        langLevelId: c.langLevelId,
      });
      ctx.index.set(c.purposeId, { kind: 'purpose' });
      return done(ctx, { type: 'purpose/remove', purposeId: c.purposeId });
    }
    case 'purpose/remove': {
      const at = d.purposes.findIndex((p) => p.id === c.purposeId);
      if (at < 0) return unknown('purposeId', c.purposeId);
      const p = d.purposes[at]!;
      const purpose = {
        id: p.id,
        title: p.title,
        skillLevelId: p.skillLevelId,
        langLevelId: p.langLevelId,
      };
      const attachedTo: Array<{ moduleId: string; index: number }> = [];
      for (const page of d.pages) {
        for (const m of page.modules) {
          const list = m.additionalCriterions.purposes;
          const i = list.indexOf(c.purposeId);
          if (i >= 0) {
            attachedTo.push({ moduleId: m.id, index: i });
            list.splice(i, 1);
          }
        }
      }
      d.purposes.splice(at, 1);
      ctx.index.delete(c.purposeId);
      return done(ctx, { type: 'purpose/restore', index: at, purpose, attachedTo });
    }
    case 'purpose/restore': {
      if (ctx.index.has(c.purpose.id))
        return reject('duplicate_id', `id already used: ${c.purpose.id}`, 'purpose', {
          id: c.purpose.id,
        });
      const at = insertAt(c.index, d.purposes.length);
      if (isOutcome(at)) return at;
      // Modules removed since are skipped (the purpose still comes back); positions are clamped.
      const targets = [];
      const seen = new Set<string>();
      for (const a of c.attachedTo) {
        const loc = findModule(d, ctx, a.moduleId);
        if (seen.has(a.moduleId)) continue;
        seen.add(a.moduleId);
        if (loc && !loc.module.additionalCriterions.purposes.includes(c.purpose.id))
          targets.push({ list: loc.module.additionalCriterions.purposes, index: a.index });
      }
      d.purposes.splice(at, 0, own(ctx, c.purpose));
      for (const t of targets) t.list.splice(Math.min(t.index, t.list.length), 0, c.purpose.id);
      ctx.index.set(c.purpose.id, { kind: 'purpose' });
      return done(ctx, { type: 'purpose/remove', purposeId: c.purpose.id });
    }
    case 'purpose/edit': {
      const p = d.purposes.find((x) => x.id === c.purposeId);
      if (!p) return unknown('purposeId', c.purposeId);
      const old: { title?: string; skillLevelId?: string | null; langLevelId?: string | null } = {};
      if (c.patch.title !== undefined) {
        old.title = p.title;
        p.title = c.patch.title;
      }
      if (c.patch.skillLevelId !== undefined) {
        old.skillLevelId = p.skillLevelId;
        p.skillLevelId = c.patch.skillLevelId;
      }
      if (c.patch.langLevelId !== undefined) {
        old.langLevelId = p.langLevelId;
        p.langLevelId = c.patch.langLevelId;
      }
      return done(ctx, { type: 'purpose/edit', purposeId: c.purposeId, patch: old });
    }
    case 'purpose/attach': {
      if (!d.purposes.some((p) => p.id === c.purposeId)) return unknown('purposeId', c.purposeId);
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const list = loc.module.additionalCriterions.purposes;
      if (list.includes(c.purposeId))
        return reject('conflict', 'purpose already attached to this module', 'purposeId', {
          id: c.purposeId,
        });
      const at = insertAt(c.index, list.length);
      if (isOutcome(at)) return at;
      list.splice(at, 0, c.purposeId);
      return done(ctx, { type: 'purpose/detach', purposeId: c.purposeId, moduleId: c.moduleId });
    }
    case 'purpose/detach': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const list = loc.module.additionalCriterions.purposes;
      const at = list.indexOf(c.purposeId);
      if (at < 0) return unknown('purposeId', c.purposeId);
      list.splice(at, 1);
      return done(ctx, {
        type: 'purpose/attach',
        purposeId: c.purposeId,
        moduleId: c.moduleId,
        index: at,
      });
    }
    default:
      return c satisfies never;
  }
}
