import { useEffect, useRef, useState } from 'react';
import type { OutboxWrite } from './outbox';

/** What a screen does when the outbox moves one of its writes on. */
export interface OutboxHandlers {
  /** A write of the scope reached the server: the screen reads the server's values again. */
  readonly onSent?: () => void;
  /**
   * A write of the scope the server refused for good once the link was back: the screen says
   * why; the write is then dropped from the outbox.
   */
  readonly onRefused?: (write: OutboxWrite) => void;
}

/**
 * The writes of `scope` (e.g. `journal:12:3`) still waiting in the outbox, oldest first, kept
 * current as the outbox changes — across reloads too (issue 31). Writes met by a conflict stay
 * in the list (with `conflict`); refused ones go to `onRefused` and are dropped. The outbox
 * module is imported on first use, keeping it out of the first visit's bundle.
 */
export function useOutbox(scope: string, handlers: OutboxHandlers = {}): readonly OutboxWrite[] {
  const [waiting, setWaiting] = useState<readonly OutboxWrite[]>([]);
  // The latest handlers, without following the outbox afresh whenever a render makes new ones.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void import('./outbox')
      .then(async (outbox) => {
        const show = async () => {
          const mine = await outbox.waiting(scope);
          if (!live) return;
          for (const w of mine) {
            if (!w.refused) continue;
            latest.current.onRefused?.(w);
            void outbox.discard(w.seq!);
          }
          setWaiting(mine.filter((w) => !w.refused));
        };
        stop = outbox.subscribe((event) => {
          void show();
          if (event.sent.some((w) => w.scope === scope)) latest.current.onSent?.();
        });
        if (live) await show();
        else stop();
      })
      .catch(() => {
        // No outbox (its chunk not kept and the link down, or the page going away): nothing waits
        // that this screen could show.
      });
    return () => {
      live = false;
      stop();
    };
  }, [scope]);
  return waiting;
}
