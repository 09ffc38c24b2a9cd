/**
 * Client for the server's bulk import: `POST {url}/api/v2/os/drafts/import` with
 * `{ drafts }`, answered `{ results: [{ index, ok, id?, problems? }] }`. Sends in batches and
 * retries a batch on network errors, 429 (honouring Retry-After) and 5xx, with exponential
 * backoff; other answers fail the batch at once (retrying a 401 or 422 cannot help).
 */
export const IMPORT_PATH = '/api/v2/os/drafts/import';

export interface ServerResult {
  /** Index into the drafts given to `sendDrafts`. */
  readonly index: number;
  readonly ok: boolean;
  readonly id?: string;
  readonly problems?: readonly unknown[];
  /** Why it failed when the whole batch did (HTTP status or network error). */
  readonly error?: string;
}

export interface SendOptions {
  readonly url: string;
  readonly token: string;
  readonly batchSize: number;
  /** Retries per batch after the first attempt. */
  readonly retries: number;
  /** First backoff delay in ms (doubles each retry, with jitter). */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly onBatch?: (sent: number) => void;
}

const sleepReal = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Retry-After is seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const s = Number(header);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const d = Date.parse(header);
  return Number.isNaN(d) ? null : Math.max(0, d - now);
}

class Retryable extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null,
  ) {
    super(message);
  }
}

interface Answer {
  results?: { index?: unknown; ok?: unknown; id?: unknown; problems?: unknown }[];
}

export async function sendDrafts(
  drafts: readonly unknown[],
  opts: SendOptions,
): Promise<ServerResult[]> {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? sleepReal;
  const base = opts.baseDelayMs ?? 250;
  const max = opts.maxDelayMs ?? 30_000;
  const endpoint = `${opts.url.replace(/\/+$/, '')}${IMPORT_PATH}`;
  const results: ServerResult[] = [];
  for (let from = 0; from < drafts.length; from += opts.batchSize) {
    const batch = drafts.slice(from, from + opts.batchSize);
    let attempt = 0;
    for (;;) {
      try {
        let res: Response;
        try {
          res = await doFetch(endpoint, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              authorization: `Bearer ${opts.token}`,
            },
            body: JSON.stringify({ drafts: batch }),
          });
        } catch (e) {
          const cause = (e as { cause?: { code?: string } }).cause?.code;
          throw new Retryable(cause ?? (e as Error).message, null);
        }
        if (res.status === 429 || res.status >= 500) {
          throw new Retryable(
            `HTTP ${res.status}`,
            res.status === 429 ? retryAfterMs(res.headers.get('retry-after')) : null,
          );
        }
        const text = await res.text();
        if (!res.ok) {
          let message = text.slice(0, 300);
          try {
            const body = JSON.parse(text) as { message?: unknown };
            if (typeof body.message === 'string') message = body.message;
          } catch {
            // not JSON: keep the text
          }
          batch.forEach((_, i) =>
            results.push({ index: from + i, ok: false, error: `HTTP ${res.status}: ${message}` }),
          );
          break;
        }
        const answer = JSON.parse(text) as Answer;
        const byIndex = new Map((answer.results ?? []).map((r) => [Number(r.index), r]));
        batch.forEach((_, i) => {
          const r = byIndex.get(i);
          if (r === undefined)
            results.push({ index: from + i, ok: false, error: 'no result in answer' });
          else
            results.push({
              index: from + i,
              ok: r.ok === true,
              ...(typeof r.id === 'string' ? { id: r.id } : {}),
              ...(Array.isArray(r.problems) ? { problems: r.problems as unknown[] } : {}),
            });
        });
        break;
      } catch (e) {
        if (!(e instanceof Retryable) || attempt >= opts.retries) {
          const message = e instanceof Error ? e.message : String(e);
          batch.forEach((_, i) => results.push({ index: from + i, ok: false, error: message }));
          break;
        }
        const backoff = Math.min(max, base * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt += 1;
        await sleep(e.waitMs === null ? backoff : Math.min(max * 2, e.waitMs));
      }
    }
    opts.onBatch?.(Math.min(drafts.length, from + opts.batchSize));
  }
  return results;
}
