import { useEffect, useRef, useState } from 'react';
import type { ChatServerEvent } from '@sabaq/platform';
import { socketUrl } from '../shared/api';
import { featureBlockOn } from '../../app/feature-blocks';
import { api } from '../../app/services';

/** The close code of a socket whose session ended (apps/server/src/ws). */
const SESSION_ENDED = 4401;

/** /ws/chat with reconnect (1 s, doubling to 30 s); `onEvent` sees every server event. */
export function useChatSocket(onEvent: (e: ChatServerEvent) => void) {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    // Spec §4: the sockets block may be switched off for a deployment; the chat then polls.
    if (!featureBlockOn('sockets')) return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let delay = 1000;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      ws = new WebSocket(socketUrl('/ws/chat'));
      ws.onopen = () => {
        setConnected(true);
        delay = 1000;
      };
      ws.onmessage = (e) => {
        try {
          handler.current(JSON.parse(String(e.data)) as ChatServerEvent);
        } catch {
          // not ours
        }
      };
      ws.onclose = (event) => {
        setConnected(false);
        if (stopped) return;
        if (event.code === SESSION_ENDED) {
          // The server ends sockets whose session ended (4401): renew the token once through the
          // API client and reconnect; if the session cannot be renewed, stay closed.
          void api.refreshSession().then((renewed) => {
            if (renewed && !stopped) open();
          });
          return;
        }
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
    };
  }, []);
  return connected;
}
