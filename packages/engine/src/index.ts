/**
 * @sabaq/engine — the builder draft model and its event-sourced reducer (pure: no DOM, no I/O).
 * See README.md for the model, the command list, the rules and the statistics definitions.
 */
export {
  SCHEMA_VERSION,
  DRAFT_TYPES,
  LANGS,
  MODULE_TYPES,
  OPTION_KINDS,
  DICTIONARIES,
  DEFAULT_DURATION,
  DURATION_LIMITS,
  DraftSchema,
  DraftTypeSchema,
  DraftInitSchema,
  PageSchema,
  ModuleSchema,
  ModuleOptionsSchema,
  SelectOptionsSchema,
  ChoiceOptionsSchema,
  ConnectionOptionsSchema,
  DescriptorSchema,
  DescriptorRowSchema,
  PurposeSchema,
  AssetSchema,
  DictionariesSchema,
  RichTextSchema,
  copyRichNode,
  IdSchema,
  createDraft,
  newModule,
  emptyDoc,
  textDoc,
  richTextToPlain,
  hasRichContent,
  selectRightIndex,
} from './model.js';
export type {
  Draft,
  DraftInit,
  DraftType,
  Lang,
  Page,
  Module,
  ModuleType,
  ModuleOptions,
  OptionKind,
  SelectOption,
  SelectOptions,
  ChoiceOption,
  ChoiceOptions,
  ConnectionItem,
  ConnectionLink,
  ConnectionOptions,
  Descriptor,
  DescriptorRow,
  AdditionalCriterions,
  Purpose,
  Asset,
  Dictionaries,
  DictionaryEntry,
  DictionaryName,
  RichText,
  RichNode,
  RichMark,
} from './model.js';

export {
  LINK_PROTOCOLS,
  RICH_MARKS,
  RICH_NODES,
  allowRichText,
  isSafeImageSrc,
  isSafeLinkHref,
  refusalText,
} from './rich-allow.js';
export type { AllowResult, RichRefusal } from './rich-allow.js';
export { CommandSchema, COMMAND_TYPES } from './commands/types.js';
export type { Command, CommandInput, CommandType } from './commands/types.js';
export { REJECTION_CODES } from './reducer/context.js';
export type { Rejection, RejectionCode } from './reducer/context.js';
export { apply, applyCommand, parseCommand } from './apply.js';
export type { ApplyResult } from './apply.js';

export {
  EventSchema,
  EventOriginSchema,
  SnapshotSchema,
  SNAPSHOT_EVERY,
  LogError,
  replay,
  stateAt,
  takeSnapshot,
  openDraft,
  undo,
  redo,
  historyOf,
  makeEvent,
} from './log.js';
export type {
  DraftEvent,
  DraftEventInput,
  EventOrigin,
  Snapshot,
  ReplayOptions,
  ReplayResult,
  EventOutcome,
  UndoStep,
} from './log.js';

export { checkInvariants } from './invariants.js';
export { moduleNumbers, isNumbered } from './numbering.js';
export { computeStatistics } from './statistics.js';
export type { Statistics, StatisticsRow } from './statistics.js';
export {
  validateDraft,
  PROBLEM_CODES,
  ASSESSMENT_TYPES,
  MIN_OPTIONS,
  MIN_CONNECTION_ITEMS,
} from './validate.js';
export type { Problem, ProblemCode } from './validate.js';
export { problemMessage, rejectionMessage } from './messages.js';
export { parseDraft, parseEvent, parseSnapshot } from './parse.js';
export type { ParseIssue, ParseResult } from './parse.js';
export { migrations, migrate, versionOf } from './migrations.js';
export type { Migration } from './migrations.js';
