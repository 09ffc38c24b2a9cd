/** Test and benchmark support: a collab peer over Node's `ws`, as the editor connects. */
import * as Y from 'yjs';
import { WebSocket } from 'ws';
import { CollabDraft, CollabProvider, type SocketLike } from '@sabaq/collab';
import type { RunningServer } from '../server';
import { call, login, type Tokens } from '../test/harness';

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
  ms = 20_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Two co-editors of a new draft on two servers (processes): the methodist owns it on `s1` and
 * invites the teacher, who edits it on `s2`; both connected and online.
 */
export async function coEditors(
  s1: RunningServer,
  s2: RunningServer,
  title: string,
): Promise<{ draftId: string; a: Peer; b: Peer; owner: Tokens; guest: Tokens }> {
  const owner = await login(s1, 'methodist');
  const guest = await login(s2, 'teacher');
  const created = await call(s1, 'POST', '/api/v2/os/drafts', {
    token: owner.access_token,
    body: { init: { type: 'sor', title, lang: 'kz' } },
  });
  const draftId = created.body.data.draft.id as string;
  await call(s1, 'POST', `/api/v2/os/drafts/${draftId}/collaborators`, {
    token: owner.access_token,
    body: { userId: guest.user.userId, access: 'edit' },
  });
  const a = connectPeer(s1, draftId, owner.access_token, String(owner.user.userId));
  const b = connectPeer(s2, draftId, guest.access_token, String(guest.user.userId));
  await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
  return { draftId, a, b, owner, guest };
}
