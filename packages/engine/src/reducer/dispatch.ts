/** Routes a validated command to its family's handler and bumps the version on success. */
import type { Draft } from '../model.js';
import type { Command, CommandType } from '../commands/types.js';
import { handleAsset } from '../commands/asset.js';
import { handleChoice } from '../commands/choice.js';
import { handleConnection } from '../commands/connection.js';
import { handleDescriptor } from '../commands/descriptor.js';
import { handleDraft } from '../commands/draft.js';
import { handleModule } from '../commands/module.js';
import { handlePage } from '../commands/page.js';
import { handlePurpose } from '../commands/purpose.js';
import { handleSelect } from '../commands/select.js';
import type { Ctx, Outcome } from './context.js';

type Handler = (d: Draft, c: Command, ctx: Ctx) => Outcome;
/** For each command type, a handler that accepts exactly that command (so routing a command to
 * the wrong family is a type error, as is leaving one out). */
type Routes = {
  [K in CommandType]: (d: Draft, c: Extract<Command, { type: K }>, ctx: Ctx) => Outcome;
};

/**
 * Command type → handler of its family. A lookup table rather than a 55-way string switch (this
 * sits on the replay hot path); `satisfies Routes` keeps it exhaustive and correct. Each family narrows further with its own switch.
 */
const ROUTES = {
  'draft/create': handleDraft,
  'draft/setMeta': handleDraft,
  'draft/setDictionary': handleDraft,
  'page/add': handlePage,
  'page/remove': handlePage,
  'page/insert': handlePage,
  'page/rename': handlePage,
  'page/move': handlePage,
  'page/setExpand': handlePage,
  'module/add': handleModule,
  'module/insert': handleModule,
  'module/remove': handleModule,
  'module/move': handleModule,
  'module/duplicate': handleModule,
  'module/setTitle': handleModule,
  'module/setType': handleModule,
  'module/setDescription': handleModule,
  'module/setContent': handleModule,
  'module/setHint': handleModule,
  'module/setCriteria': handleModule,
  'module/setOptions': handleModule,
  'module/attach': handleModule,
  'module/detach': handleModule,
  'select/addOption': handleSelect,
  'select/removeOption': handleSelect,
  'select/editOption': handleSelect,
  'select/moveOption': handleSelect,
  'select/setRight': handleSelect,
  'choice/addOption': handleChoice,
  'choice/removeOption': handleChoice,
  'choice/editOption': handleChoice,
  'choice/moveOption': handleChoice,
  'choice/setRight': handleChoice,
  'choice/setMultiple': handleChoice,
  'connection/addItem': handleConnection,
  'connection/removeItem': handleConnection,
  'connection/editItem': handleConnection,
  'connection/moveItem': handleConnection,
  'connection/link': handleConnection,
  'connection/unlink': handleConnection,
  'descriptor/setCriterion': handleDescriptor,
  'descriptor/addRow': handleDescriptor,
  'descriptor/removeRow': handleDescriptor,
  'descriptor/editRow': handleDescriptor,
  'descriptor/moveRow': handleDescriptor,
  'purpose/add': handlePurpose,
  'purpose/remove': handlePurpose,
  'purpose/restore': handlePurpose,
  'purpose/edit': handlePurpose,
  'purpose/attach': handlePurpose,
  'purpose/detach': handlePurpose,
  'asset/add': handleAsset,
  'asset/remove': handleAsset,
  'asset/restore': handleAsset,
  'asset/setLabel': handleAsset,
} satisfies Routes;

/** Routes `c` to its family; the table's key for `c.type` always holds that family's handler. */
function route(d: Draft, c: Command, ctx: Ctx): Outcome {
  return (ROUTES[c.type] as Handler)(d, c, ctx);
}

/** Applies `c` to `d` in place (an immer draft or a private copy). On success the version grows
 * by exactly one; on rejection nothing was touched (handlers reject before mutating). */
export function dispatch(d: Draft, c: Command, ctx: Ctx): Outcome {
  const out = route(d, c, ctx);
  if (out.ok) d.version += 1;
  return out;
}
