import { createContext } from 'react';
import type { CollabSessionOptions } from '@sabaq/editor/collab';

/** Where the editor screens open live sessions (`/collab/{draftId}` on the API's origin). */
export interface CollabConnect {
  serverUrl: () => string;
  /** Default: the browser's WebSocket (tests pass an in-memory server's sockets). */
  createSocket?: CollabSessionOptions['createSocket'];
  backoff?: CollabSessionOptions['backoff'];
}

/** The page's own origin as ws:// or wss:// (the server serves `/collab` on the API's port). */
export function originWsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

export const CollabConnectContext = createContext<CollabConnect>({ serverUrl: originWsUrl });
