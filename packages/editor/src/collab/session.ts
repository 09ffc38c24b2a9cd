import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import {
  CollabDraft,
  CollabProvider,
  hasBase,
  type ProviderStatus,
  type RichField,
  type SocketLike,
} from '@sabaq/collab';
import type { DraftLog } from '../log/DraftLog';
import { createYjsDraftLog } from './log';
import { announce, readPresence, setActiveModule, type PresencePeer } from './presence';

export interface CollabSessionOptions {
  /** Server origin as ws:// or wss:// (e.g. from `location`: `wss://host`). */
  serverUrl: string;
  draftId: string;
  /** The signed-in user: `id` is their user id as a string (it becomes the events' actor, and
   * the server refuses events in any other name); `name` shows on carets and in presence. */
  user: { id: string; name: string };
  /** A current access token for each connection attempt. */
  token: () => string | null | Promise<string | null>;
  /**
   * The server ended a live connection (4401: session ended, or its token expired unrefreshed):
   * refresh the session and return the new token to reconnect, or null to stop.
   */
  refreshToken?: () => Promise<string | null>;
  /** Default: the browser's WebSocket. */
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  backoff?: { minMs: number; maxMs: number; jitter: number };
}

export interface CollabSnapshot {
  status: ProviderStatus;
  presence: PresencePeer[];
  /** Null until the first sync brought the draft's base. */
  log: DraftLog | null;
}

/**
 * One person's live session on a draft: the Y.Doc, the provider (reconnects by itself), the
 * draft fold, presence. React binds to it through `useCollabSession`; it works without React.
 */
export class CollabSession {
  readonly doc = new Y.Doc();
  readonly awareness: Awareness;
  readonly provider: CollabProvider;
  readonly collab: CollabDraft;
  private readonly log: DraftLog;
  private snap: CollabSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly offs: Array<() => void> = [];

  constructor(opts: CollabSessionOptions) {
    this.awareness = new Awareness(this.doc);
    announce(this.awareness, opts.user);
    this.collab = new CollabDraft(this.doc, { actor: opts.user.id });
    this.log = createYjsDraftLog(this.collab);
    this.provider = new CollabProvider({
      serverUrl: opts.serverUrl,
      draftId: opts.draftId,
      doc: this.doc,
      awareness: this.awareness,
      token: opts.token,
      ...(opts.refreshToken ? { refreshToken: opts.refreshToken } : {}),
      createSocket:
        opts.createSocket ??
        ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike),
      ...(opts.backoff ? { backoff: opts.backoff } : {}),
    });
    this.snap = this.compute();
    const changed = () => {
      this.snap = this.compute();
      for (const l of [...this.listeners]) l();
    };
    this.offs.push(this.provider.onStatus(changed));
    this.offs.push(this.collab.subscribe(changed));
    const onAwareness = () => changed();
    this.awareness.on('change', onAwareness);
    this.offs.push(() => this.awareness.off('change', onAwareness));
    this.doc.getMap('meta').observe(onAwareness);
    this.offs.push(() => this.doc.getMap('meta').unobserve(onAwareness));
    if (typeof window !== 'undefined') {
      // Back online: try now instead of waiting out the backoff.
      const online = () => this.provider.reconnect();
      window.addEventListener('online', online);
      this.offs.push(() => window.removeEventListener('online', online));
    }
  }

  private compute(): CollabSnapshot {
    return {
      status: this.provider.status,
      presence: readPresence(this.awareness),
      log: hasBase(this.doc) ? this.log : null,
    };
  }

  /** Stable between changes (for useSyncExternalStore). */
  getSnapshot = (): CollabSnapshot => this.snap;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Tells co-authors which module this person is in (null: none). */
  focusModule(moduleId: string | null): void {
    setActiveModule(this.awareness, moduleId);
  }

  /** The fragment a rich-text field binds to (created from the draft's text on first use). */
  fragment(moduleId: string, field: RichField): Y.XmlFragment | null {
    return hasBase(this.doc) ? this.collab.fragment(moduleId, field) : null;
  }

  /** Calls `fn` when a co-author's concurrent seed of the field's fragment won over this one. */
  onFragmentReplaced(
    moduleId: string,
    field: RichField,
    fn: (fragment: Y.XmlFragment) => void,
  ): () => void {
    return this.collab.onFragmentReplaced(moduleId, field, fn);
  }

  destroy(): void {
    for (const off of this.offs.splice(0)) off();
    this.listeners.clear();
    this.provider.destroy();
    this.collab.destroy();
    this.awareness.destroy();
    this.doc.destroy();
  }
}
