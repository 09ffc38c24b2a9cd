/** Routes a validated command to its family's handler and bumps the version on success. */
import type { Draft } from '../model.js';
import type { Command } from '../commands/types.js';
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

function route(d: Draft, c: Command, ctx: Ctx): Outcome {
  switch (c.type) {
    case 'draft/create':
    case 'draft/setMeta':
    case 'draft/setDictionary':
      return handleDraft(d, c, ctx);
    case 'page/add':
    case 'page/remove':
    case 'page/insert':
    case 'page/rename':
    case 'page/move':
    case 'page/setExpand':
      return handlePage(d, c, ctx);
    case 'module/add':
    case 'module/insert':
    case 'module/remove':
    case 'module/move':
    case 'module/duplicate':
    case 'module/setTitle':
    case 'module/setType':
    case 'module/setDescription':
    case 'module/setContent':
    case 'module/setHint':
    case 'module/setCriteria':
    case 'module/setOptions':
    case 'module/attach':
    case 'module/detach':
      return handleModule(d, c, ctx);
    case 'select/addOption':
    case 'select/removeOption':
    case 'select/editOption':
    case 'select/moveOption':
    case 'select/setRight':
      return handleSelect(d, c, ctx);
    case 'choice/addOption':
    case 'choice/removeOption':
    case 'choice/editOption':
    case 'choice/moveOption':
    case 'choice/setRight':
    case 'choice/setMultiple':
      return handleChoice(d, c, ctx);
    case 'connection/addItem':
    case 'connection/removeItem':
    case 'connection/editItem':
    case 'connection/moveItem':
    case 'connection/link':
    case 'connection/unlink':
      return handleConnection(d, c, ctx);
    case 'descriptor/setCriterion':
    case 'descriptor/addRow':
    case 'descriptor/removeRow':
    case 'descriptor/editRow':
    case 'descriptor/moveRow':
      return handleDescriptor(d, c, ctx);
    case 'purpose/add':
    case 'purpose/remove':
    case 'purpose/restore':
    case 'purpose/edit':
    case 'purpose/attach':
    case 'purpose/detach':
      return handlePurpose(d, c, ctx);
    case 'asset/add':
    case 'asset/remove':
    case 'asset/restore':
    case 'asset/setLabel':
      return handleAsset(d, c, ctx);
    default:
      return c satisfies never;
  }
}

/** Applies `c` to `d` in place (an immer draft or a private copy). On success the version grows
 * by exactly one; on rejection nothing was touched (handlers reject before mutating). */
export function dispatch(d: Draft, c: Command, ctx: Ctx): Outcome {
  const out = route(d, c, ctx);
  if (out.ok) d.version += 1;
  return out;
}
