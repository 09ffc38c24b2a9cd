import type { Awareness } from 'y-protocols/awareness';

/** Who a peer is, as shared through awareness (y-tiptap's carets read `user.name/color`). */
export interface PresenceUser {
  id: string;
  name: string;
  color: string;
}

export interface PresencePeer {
  clientId: number;
  user: PresenceUser;
  /** The module the person is editing, if any. */
  moduleId: string | null;
  self: boolean;
}

/** Distinct, readable on white, and with names readable on them (WCAG AA with white text). */
export const PRESENCE_COLORS = [
  '#1f6feb',
  '#b4321e',
  '#127a3a',
  '#8a3ffc',
  '#a2570a',
  '#0b6f7c',
  '#c0267a',
  '#4d5b1f',
] as const;

/** A person's colour, stable across sessions (hash of the user id). */
export function colorFor(userId: string): string {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PRESENCE_COLORS[h % PRESENCE_COLORS.length]!;
}

export function announce(awareness: Awareness, user: Omit<PresenceUser, 'color'>): void {
  awareness.setLocalStateField('user', { ...user, color: colorFor(user.id) });
  if (awareness.getLocalState()?.moduleId === undefined)
    awareness.setLocalStateField('moduleId', null);
}

export function setActiveModule(awareness: Awareness, moduleId: string | null): void {
  if ((awareness.getLocalState()?.moduleId ?? null) === moduleId) return;
  awareness.setLocalStateField('moduleId', moduleId);
}

function isUser(u: unknown): u is PresenceUser {
  if (typeof u !== 'object' || u === null) return false;
  const x = u as Record<string, unknown>;
  return typeof x.id === 'string' && typeof x.name === 'string' && typeof x.color === 'string';
}

/**
 * Everyone in the draft: one entry per person (a person with two tabs shows once, at the module
 * of their most recent tab), self first, then by name. Malformed states from peers are skipped.
 */
export function readPresence(awareness: Awareness): PresencePeer[] {
  const byUser = new Map<string, PresencePeer>();
  for (const [clientId, state] of awareness.getStates()) {
    const user = (state as { user?: unknown }).user;
    if (!isUser(user)) continue;
    const raw = (state as { moduleId?: unknown }).moduleId;
    const peer: PresencePeer = {
      clientId,
      user: { id: user.id, name: user.name.slice(0, 80), color: user.color },
      moduleId: typeof raw === 'string' ? raw : null,
      self: clientId === awareness.clientID,
    };
    const prev = byUser.get(user.id);
    if (!prev || peer.self || (!prev.self && peer.moduleId !== null)) byUser.set(user.id, peer);
  }
  return [...byUser.values()].sort((a, b) =>
    a.self !== b.self ? (a.self ? -1 : 1) : a.user.name.localeCompare(b.user.name),
  );
}

/** Everyone editing `moduleId` except oneself (the editor marks the module with them). */
export function editorsOf(peers: readonly PresencePeer[], moduleId: string): PresencePeer[] {
  return peers.filter((p) => !p.self && p.moduleId === moduleId);
}
