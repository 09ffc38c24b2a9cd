/**
 * @sabaq/editor — the builder editor: a React view of @sabaq/engine. Every change is an engine
 * command appended to an injected `DraftLog`; the save, validate and publish flows are XState
 * machines with injectable actors.
 */
export { createLocalDraftLog, draftAt, newId, redoLast, restoreTo, undoLast } from './log/DraftLog';
export type { AppendResult, DraftLog, LocalDraftLog, LocalLogOptions } from './log/DraftLog';
export { dictionaryCommands } from './log/dictionaries';
export { saveMachine, SaveError, SAVE_ERROR_KINDS, backoffMs, replayOn } from './machines/save';
export type {
  SaveContext,
  SaveEmitted,
  SaveErrorKind,
  SaveEvent,
  SaveInput,
  SaveStatus,
  ServerDraft,
} from './machines/save';
export { validateMachine } from './machines/validate';
export type { ValidateContext, ValidateEvent } from './machines/validate';
export { publishMachine, PublishProblems } from './machines/publish';
export type { PublishContext, PublishEvent, PublishInput } from './machines/publish';

export { Editor } from './components/Editor';
export type { EditorProps, SaveView } from './components/Editor';
export type { EditorCollab, EditorServices, Uploader } from './components/context';
export { Dialog, dialogReady } from './components/Dialog';
export type { EarlierEvent } from './components/Panels';
export { Preview, isRight } from './components/Preview';
export type { Answer } from './components/Preview';
export { PublishButton } from './components/PublishDialog';
export type { PublishOptions } from './components/PublishDialog';
export { LazyRichTextField as RichTextField } from './rich/LazyRichTextField';
export type { RichTextFieldProps } from './rich/RichTextField';
export { RichView } from './rich/RichView';
export { sanitizeDoc, sanitizeHtml, safeHref, isEmptyDoc } from './rich/sanitize';
export { useDraftSave } from './save/useDraftSave';
export type { SaveTransport } from './save/useDraftSave';
export { MESSAGES, translator, commandLabel } from './i18n/messages';
export type { MessageKey, Translate } from './i18n/messages';
export { draftKindLabel, draftLabel, formatDate, formatDateTime, formatTime } from './kit/format';
export { KitProvider } from './kit/KitProvider';
