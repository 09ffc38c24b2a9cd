import { useEffect, useState } from 'react';
import type { Person, Reflection } from '@sabaq/platform';
import { socketUrl } from '../shared/api';
import { featureBlockOn } from '../../app/feature-blocks';

/**
 * Lesson sync (spec §3): joins /ws/lesson/{id}; the server sends the ping list (students in the
 * lesson now) and, to staff, the reflection list. Pings every 20 s keep presence fresh across
 * server processes; reconnects with a growing delay when the connection drops.
 */
export function useLessonSync(lessonId: number | null) {
  const [users, setUsers] = useState<Person[]>([]);
  const [reflections, setReflections] = useState<Reflection[] | null>(null);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    // Spec §4: without the sockets block there is no live lesson sync (the page still works).
    if (lessonId === null || !featureBlockOn('sockets')) return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let delay = 1000;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      ws = new WebSocket(socketUrl(`/ws/lesson/${lessonId}`));
      ws.onopen = () => {
        setConnected(true);
        delay = 1000;
        ping = setInterval(() => ws?.send(JSON.stringify({ type: 'ping' })), 20_000);
      };
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as {
          type: string;
          users?: Person[];
          reflections?: Reflection[];
        };
        if (m.type === 'ping' && m.users) setUsers(m.users);
        if (m.type === 'reflections' && m.reflections) setReflections(m.reflections);
      };
      ws.onclose = (e) => {
        setConnected(false);
        clearInterval(ping);
        // 4404: not this user's lesson — retrying would not help.
        if (!stopped && e.code !== 4404 && e.code !== 4401) {
          retry = setTimeout(open, delay);
          delay = Math.min(delay * 2, 30_000);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      ws?.close();
    };
  }, [lessonId]);
  return { users, reflections, connected };
}
