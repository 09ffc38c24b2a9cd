/** Test and benchmark support: a collab peer over Node's `ws`, as the editor connects. */
import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { CollabDraft, CollabProvider, type SocketLike } from '@sabaq/collab';
import type { RunningServer } from '../server';

export interface Peer {
  doc: Y.Doc;
  provider: CollabProvider;
  draft: CollabDraft;
  destroy(): void;
}

export function wsUrl(server: RunningServer): string {
  return server.url.replace(/^http/, 'ws');
}

export function connectPeer(
  server: RunningServer | string,
  draftId: string,
  token: string | null,
  actor = 'u',
  opts: { minBackoffMs?: number } = {},
): Peer {
  const doc = new Y.Doc();
  const provider = new CollabProvider({
    serverUrl: typeof server === 'string' ? server : wsUrl(server),
    draftId,
    doc,
    token: () => token,
    createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    backoff: { minMs: opts.minBackoffMs ?? 50, maxMs: 500, jitter: 0.2 },
  });
  const draft = new CollabDraft(doc, { actor });
  return {
    doc,
    provider,
    draft,
    destroy() {
      draft.destroy();
      provider.destroy();
    },
  };
}

/** Opens a raw socket and resolves with the close code the server sends. */
export function closeCodeOf(url: string, protocols: string[] = []): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    ws.on('close', (code) => resolve(code));
    ws.on('error', (e) => reject(e));
  });
}

/** Polls until `check` holds (live propagation has no single event to await). */
export async function eventually(
  check: () => boolean,
  ms = 5000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
