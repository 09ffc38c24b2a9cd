/** Assets (files) of the draft, keyed by name. Removing an asset detaches it from every module;
 * the inverse restores both. */
import { z } from 'zod';
import { AssetSchema, IdSchema, TEXT_MAX, type Draft } from '../model.js';
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

export const assetCommandSchemas = [
  z.object({
    type: z.literal('asset/add'),
    name: IdSchema,
    label: z.string().max(TEXT_MAX),
    index: Index.optional(),
  }),
  z.object({ type: z.literal('asset/remove'), name: IdSchema }),
  z.object({
    type: z.literal('asset/restore'),
    index: Index,
    asset: AssetSchema,
    attachedTo: z.array(z.object({ moduleId: IdSchema, index: Index })).max(2000),
  }),
  z.object({ type: z.literal('asset/setLabel'), name: IdSchema, label: z.string().max(TEXT_MAX) }),
] as const;

type AssetCommand = z.infer<(typeof assetCommandSchemas)[number]>;

export function handleAsset(d: Draft, c: AssetCommand, ctx: Ctx): Outcome {
  switch (c.type) {
    case 'asset/add': {
      if (d.assets.some((a) => a.name === c.name))
        return reject('duplicate_id', `asset name already used: ${c.name}`, 'name', { id: c.name });
      const at = insertAt(c.index, d.assets.length);
      if (isOutcome(at)) return at;
      d.assets.splice(at, 0, { name: c.name, label: c.label });
      return done(ctx, { type: 'asset/remove', name: c.name });
    }
    case 'asset/remove': {
      const at = d.assets.findIndex((a) => a.name === c.name);
      if (at < 0) return unknown('name', c.name);
      const a = d.assets[at]!;
      const asset = { name: a.name, label: a.label };
      const attachedTo: Array<{ moduleId: string; index: number }> = [];
      for (const page of d.pages) {
        for (const m of page.modules) {
          const i = m.attachments.indexOf(c.name);
          if (i >= 0) {
            attachedTo.push({ moduleId: m.id, index: i });
            m.attachments.splice(i, 1);
          }
        }
      }
      d.assets.splice(at, 1);
      return done(ctx, { type: 'asset/restore', index: at, asset, attachedTo });
    }
    case 'asset/restore': {
      if (d.assets.some((a) => a.name === c.asset.name))
        return reject('duplicate_id', `asset name already used: ${c.asset.name}`, 'asset', {
          id: c.asset.name,
        });
      const at = insertAt(c.index, d.assets.length);
      if (isOutcome(at)) return at;
      const targets = [];
      const seen = new Set<string>();
      for (const t of c.attachedTo) {
        const loc = findModule(d, ctx, t.moduleId);
        if (seen.has(t.moduleId)) continue;
        seen.add(t.moduleId);
        if (loc && !loc.module.attachments.includes(c.asset.name))
          targets.push({ list: loc.module.attachments, index: t.index });
      }
      d.assets.splice(at, 0, own(ctx, c.asset));
      for (const t of targets) t.list.splice(Math.min(t.index, t.list.length), 0, c.asset.name);
      return done(ctx, { type: 'asset/remove', name: c.asset.name });
    }
    case 'asset/setLabel': {
      const a = d.assets.find((x) => x.name === c.name);
      if (!a) return unknown('name', c.name);
      const old = a.label;
      a.label = c.label;
      return done(ctx, { type: 'asset/setLabel', name: c.name, label: old });
    }
    default:
      return c satisfies never;
  }
}
