/** The command union: every family's schemas in one zod discriminated union on `type`. */
import { z } from 'zod';
import { assetCommandSchemas } from './asset.js';
import { choiceCommandSchemas } from './choice.js';
import { connectionCommandSchemas } from './connection.js';
import { descriptorCommandSchemas } from './descriptor.js';
import { draftCommandSchemas } from './draft.js';
import { moduleCommandSchemas } from './module.js';
import { pageCommandSchemas } from './page.js';
import { purposeCommandSchemas } from './purpose.js';
import { selectCommandSchemas } from './select.js';

export const CommandSchema = z.discriminatedUnion('type', [
  ...draftCommandSchemas,
  ...pageCommandSchemas,
  ...moduleCommandSchemas,
  ...selectCommandSchemas,
  ...choiceCommandSchemas,
  ...connectionCommandSchemas,
  ...descriptorCommandSchemas,
  ...purposeCommandSchemas,
  ...assetCommandSchemas,
]);

/** A validated command (defaults filled in). */
export type Command = z.output<typeof CommandSchema>;
/** What a client may send (optional fields with defaults may be left out). */
export type CommandInput = z.input<typeof CommandSchema>;
export type CommandType = Command['type'];

/** Every command type, in family order (for docs, the CLI and generators). */
export const COMMAND_TYPES: readonly CommandType[] = CommandSchema.options.map(
  (o) => o.shape.type.value,
);
