/**
 * @sabaq/editor/collab — live co-editing for the editor: a Yjs-backed `DraftLog`, the session
 * and React hook that connect to `/collab/{draftId}` (reconnect, backoff, offline edits),
 * presence with colours, and the connection-state and presence components. The TipTap
 * extensions for live rich text are `@sabaq/editor/collab-rich` (kept apart so TipTap stays in
 * the lazily loaded rich-text chunk).
 */
export { createYjsDraftLog } from './log';
export { CollabSession } from './session';
export type { CollabSessionOptions, CollabSnapshot } from './session';
export { useCollabSession } from './useCollabSession';
export {
  PRESENCE_COLORS,
  colorFor,
  announce,
  setActiveModule,
  readPresence,
  editorsOf,
} from './presence';
export type { PresencePeer, PresenceUser } from './presence';
export { CollabStatus, PresenceBar } from './CollabStatus';
