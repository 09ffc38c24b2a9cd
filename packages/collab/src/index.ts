/**
 * @sabaq/collab — the Yjs binding of a draft shared by the server and the editor: one Y.Doc per
 * draft, the event log in a Y.Array folded by the engine on every peer, rich text in
 * Y.XmlFragments, per-author undo, and the y-websocket wire messages. See README.md.
 */
export {
  DOC_NAMES,
  DOC_FORMAT,
  DraftDocError,
  createDraftDoc,
  hasBase,
  readBase,
  logOf,
  richOf,
  richValue,
  foldDoc,
  foldMore,
  overlayRich,
  materialise,
} from './doc.js';
export type { DocHistory, Fold, RejectedEvent, LogArray, RichMap } from './doc.js';
export { RICH_FIELDS, richKey, parseRichKey, readRichText, writeRichText } from './rich.js';
export type { RichField } from './rich.js';
export { CollabDraft, LOCAL_ORIGIN } from './session.js';
export { LogFolder } from './folder.js';
export type { BatchResult, CollabDraftOptions, CommandResult } from './session.js';
export {
  MESSAGE,
  SYNC_STEP,
  CLOSE_CODES,
  FATAL_CLOSE_CODES,
  ACCESS,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  encodeAwareness,
  encodeAccess,
  encodeSaved,
  encodeNotice,
  encodeVouched,
  NOTICES,
  decodeMessage,
  covers,
} from './protocol.js';
export type { Access, CloseCode, Decoded, Notice } from './protocol.js';
export { CollabProvider, CONNECTION_STATES } from './provider.js';
export type { ConnectionState, ProviderOptions, ProviderStatus, SocketLike } from './provider.js';
export { guardUpdate } from './guard.js';
export type { GuardRefusal } from './guard.js';
