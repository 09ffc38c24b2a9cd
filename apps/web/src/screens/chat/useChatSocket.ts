import { useEffect, useRef, useState } from 'react';
import type { ChatServerEvent } from '@sabaq/platform';
import { socketUrl } from '../schedule/api';

/** /ws/chat with reconnect (1 s, doubling to 30 s); `onEvent` sees every server event. */
export function useChatSocket(onEvent: (e: ChatServerEvent) => void) {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
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
      ws.onclose = () => {
        setConnected(false);
        if (stopped) return;
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
