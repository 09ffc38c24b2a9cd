import { useEffect, useState, useSyncExternalStore } from 'react';
import { CollabSession, type CollabSessionOptions, type CollabSnapshot } from './session';

const idle: CollabSnapshot = {
  status: {
    state: 'connecting',
    access: null,
    saved: true,
    closeCode: null,
    attempt: 0,
    retryAt: null,
    split: false,
  },
  presence: [],
  log: null,
};
const noop = () => () => undefined;

/**
 * Connects the editor to `/collab/{draftId}` for as long as the component is mounted (a new
 * session when the draft or user changes). Returns the session (null on the first render) and
 * its live snapshot: connection state, presence and the DraftLog to hand to the editor.
 */
export function useCollabSession(
  opts: CollabSessionOptions,
): CollabSnapshot & { session: CollabSession | null } {
  const [session, setSession] = useState<CollabSession | null>(null);
  const { serverUrl, draftId } = opts;
  const userId = opts.user.id;
  const userName = opts.user.name;
  // The latest token getter and socket factory are read through the options object kept below.
  const [latest] = useState(() => ({ opts }));
  latest.opts = opts;
  useEffect(() => {
    const s = new CollabSession({
      ...latest.opts,
      serverUrl,
      draftId,
      user: { id: userId, name: userName },
      token: () => latest.opts.token(),
      ...(latest.opts.refreshToken
        ? { refreshToken: () => latest.opts.refreshToken?.() ?? Promise.resolve(null) }
        : {}),
    });
    setSession(s);
    return () => {
      s.destroy();
      setSession(null);
    };
  }, [serverUrl, draftId, userId, userName, latest]);
  const snap = useSyncExternalStore(
    session?.subscribe ?? noop,
    session?.getSnapshot ?? (() => idle),
  );
  return { ...snap, session };
}
