/**
 * Client operations applied once (issue 31). The web app's offline outbox sends each queued write
 * with `X-Client-Op: <id>` (a UUID made when the write was queued) and sends it again until it
 * gets an answer; the server applies each (user, id) once, also across server processes sharing
 * the database, because the claim is a row under a primary key.
 *
 * `defineRoute` adds the two hooks to every route; they do nothing on reads, without the header,
 * or for anonymous callers (public routes: there is no user to key the id by, so the request is
 * handled as if the header were not there).
 *
 * - preHandler (after authentication and validation): claims the id with
 *   `INSERT … ON CONFLICT DO NOTHING RETURNING`. A finished id on the same route is answered from
 *   the stored status and body (`x-client-op-replayed: true`) without running the handler; one
 *   still pending answers 409 + Retry-After; one on another route 422.
 * - onSend: a final answer (2xx, deterministic 4xx) is stored; a transient one (401, 408, 409,
 *   423, 429, 5xx) deletes the claim so the retry runs for real.
 *
 * The handler's write and the record are two transactions: a process that dies between them
 * leaves a pending claim, which a retry takes over after 30 s and runs the handler again. PUT
 * upserts (marks, attendance, answers) are naturally idempotent, so that is harmless; a POST that
 * creates a row (a chat message) may then create it twice — the rare price of not threading one
 * transaction through every handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@sabaq/platform';
import type { Db } from '../db/db';
import { CatalogueError } from '../http/errors';

export const CLIENT_OP_HEADER = 'x-client-op';
export const REPLAYED_HEADER = 'x-client-op-replayed';
/** A pending claim younger than this is another request still at work; older, a dead one. */
export const PENDING_STALE_SECONDS = 30;
/** Bodies above this are stored as status only (replayed as `{}`): the table is not a file store. */
export const MAX_STORED_BODY = 256 * 1024;
/** How long applied ids are kept: an outbox that has not drained in a week starts afresh. */
export const KEEP_DAYS = 7;
/** One claim in this many also deletes the old rows: cheap, and no worker to run. */
const CLEANUP_ONE_IN = 200;

const TEXTS = {
  client_op_malformed: {
    kz: 'X-Client-Op тақырыбы дұрыс емес: 8–64 таңба (латын әріптері, цифрлар, _ және -)',
    ru: 'Неверный заголовок X-Client-Op: 8–64 символа (латинские буквы, цифры, _ и -)',
  },
  client_op_reused: {
    kz: 'Бұл операция идентификаторы басқа әрекетке қолданылған',
    ru: 'Этот идентификатор операции уже использован для другого действия',
  },
  client_op_pending: {
    kz: 'Бұл өзгеріс әлі сақталып жатыр, сәлден соң қайталаңыз',
    ru: 'Это изменение ещё сохраняется, повторите чуть позже',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Whether `id` is a usable operation id (a UUID in practice). */
export function isClientOpId(id: string): boolean {
  return /^[A-Za-z0-9_-]{8,64}$/.test(id);
}

/**
 * What becomes of a claim once the answer is known: `store` for a final answer the retry must
 * get again (success, and the 4xx the same request would get again), `release` for a transient
 * one (401: the client refreshes its token and retries; 408, 409, 423, 429, 5xx: try later).
 * Any other status (3xx, 426…) is released too: only what is surely final is remembered.
 */
export function outcomeOf(status: number): 'store' | 'release' {
  if (status >= 200 && status < 300) return 'store';
  return [400, 403, 404, 410, 413, 422].includes(status) ? 'store' : 'release';
}

/**
 * The body to store of a sent payload: parsed JSON when the answer is JSON and at most
 * MAX_STORED_BODY long; null otherwise (a file, a stream, a big page: status only, replayed as
 * `{}`).
 */
export function storedBody(contentType: unknown, payload: unknown): unknown {
  if (typeof contentType !== 'string' || !/^application\/json\b/i.test(contentType)) return null;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload : null;
  if (text === null || Buffer.byteLength(text) > MAX_STORED_BODY) return null;
  try {
    return JSON.parse(text.toString()) as unknown;
  } catch {
    return null;
  }
}

interface Claim {
  userId: number;
  opId: string;
}

/** The claims this process holds, by request (a WeakMap keeps FastifyRequest untouched). */
const claims = new WeakMap<FastifyRequest, Claim>();

function header(req: FastifyRequest): string | undefined {
  const h = req.headers[CLIENT_OP_HEADER];
  return Array.isArray(h) ? h[0] : h;
}

interface Row {
  route_id: string;
  state: 'pending' | 'done';
  status: number | null;
  body: unknown;
  stale: boolean;
}

/** The preHandler: claims the id, replays a finished one, or refuses. */
export function clientOpClaim(db: Db, routeId: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const opId = header(req);
    if (opId === undefined || !req.auth) return;
    if (!isClientOpId(opId))
      throw new CatalogueError(422, 'validation_failed', TEXTS.client_op_malformed, 'X-Client-Op');
    const userId = req.auth.userId;
    if (Math.floor(Math.random() * CLEANUP_ONE_IN) === 0) {
      void db
        .query(`DELETE FROM client_ops WHERE created_at < now() - interval '${KEEP_DAYS} days'`)
        .catch((err: unknown) => req.log.warn({ err }, 'client ops: clean-up failed'));
    }
    // A second round covers a claim released (deleted) between our INSERT and SELECT.
    for (let round = 0; round < 3; round++) {
      const claimed = await db.query(
        `INSERT INTO client_ops (user_id, op_id, route_id, state) VALUES ($1, $2, $3, 'pending')
         ON CONFLICT DO NOTHING RETURNING op_id`,
        [userId, opId, routeId],
      );
      if (claimed.length > 0) {
        claims.set(req, { userId, opId });
        return;
      }
      const [row] = await db.query<Row>(
        `SELECT route_id, state, status, body,
                created_at < now() - interval '${PENDING_STALE_SECONDS} seconds' AS stale
           FROM client_ops WHERE user_id = $1 AND op_id = $2`,
        [userId, opId],
      );
      if (!row) continue;
      if (row.route_id !== routeId) {
        throw new CatalogueError(422, 'validation_failed', TEXTS.client_op_reused, 'X-Client-Op');
      }
      if (row.state === 'done') {
        // A string payload with its type set is sent as is: the stored body is what the route
        // once answered, not re-serialised (a status-only row has no body to check).
        reply.header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8');
        await reply.code(row.status ?? 200).send(JSON.stringify(row.body ?? {}));
        return;
      }
      if (row.stale) {
        // The process that claimed it died (or lost the database) before recording the answer:
        // take it over — one taker wins the conditional UPDATE — and run the handler again.
        const taken = await db.query(
          `UPDATE client_ops SET created_at = now(), updated_at = now()
            WHERE user_id = $1 AND op_id = $2 AND state = 'pending'
              AND created_at < now() - interval '${PENDING_STALE_SECONDS} seconds'
          RETURNING op_id`,
          [userId, opId],
        );
        if (taken.length > 0) {
          claims.set(req, { userId, opId });
          return;
        }
      }
      break;
    }
    reply.header('retry-after', '1');
    throw new PendingOpError();
  };
}

/**
 * 409 for an operation still being applied: its body says `pending: true`, so the outbox tells
 * "try again soon" from a 409 that is the answer (an exam's time over, work handed in already).
 */
class PendingOpError extends CatalogueError {
  constructor() {
    super(409, 'draft_stale', TEXTS.client_op_pending);
  }
  override toBody(locale: Locale) {
    return { ...super.toBody(locale), pending: true };
  }
}

/** The onSend hook: records the answer of a claimed operation, or releases the claim. */
export function clientOpRecord(db: Db) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const claim = claims.get(req);
    if (!claim) return payload;
    claims.delete(req);
    try {
      if (outcomeOf(reply.statusCode) === 'store') {
        const body = storedBody(reply.getHeader('content-type'), payload);
        await db.query(
          `UPDATE client_ops SET state = 'done', status = $3, body = $4::jsonb, updated_at = now()
            WHERE user_id = $1 AND op_id = $2`,
          [claim.userId, claim.opId, reply.statusCode, body === null ? null : JSON.stringify(body)],
        );
      } else {
        await db.query('DELETE FROM client_ops WHERE user_id = $1 AND op_id = $2', [
          claim.userId,
          claim.opId,
        ]);
      }
    } catch (err) {
      // The answer still goes out; the claim stays pending and a retry after 30 s takes it over.
      req.log.warn({ err }, 'client ops: cannot record the answer');
    }
    return payload;
  };
}
