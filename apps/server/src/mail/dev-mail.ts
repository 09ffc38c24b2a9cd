import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';
import type { App } from '../http/context';
import type { Worker } from '../domain';

/**
 * Development mail (issue 30): without SMTP the letters stay in the outbox table, so a demo
 * sign-up could never read its code. With `devMail` on (main.ts: no SMTP_URL and NODE_ENV is not
 * `production`), the server
 * - serves `GET /api/dev/mail` — an HTML page listing the latest letters, newest first (the
 *   confirmation code, reset links), and `GET /api/dev/mail.json` for scripts and tests;
 * - prints every new letter to the server's console, so the code is in the terminal too.
 * Never on when SMTP is configured; the page is unauthenticated, so it must stay off in
 * production (the letters hold sign-up codes and password-reset links).
 */
export interface DevLetter {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export const DEV_MAIL_PATH = '/api/dev/mail';

export async function latestLetters(q: Queryable, limit = 50): Promise<DevLetter[]> {
  const rows = await q.query<{
    id: number;
    kind: string;
    recipient: string;
    subject: string;
    body: string;
    created_at: string | Date;
  }>(
    `SELECT id, kind, recipient, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function ddmmyyyy(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The page: both languages, the newest letter first, codes and links as plain text. */
export function devMailPage(letters: readonly DevLetter[]): string {
  const items = letters
    .map(
      (
        l,
      ) => `<article class="letter" data-testid="dev-letter" data-recipient="${escape(l.recipient)}">
  <h2>${escape(l.subject)}</h2>
  <p class="meta">${escape(ddmmyyyy(l.createdAt))} · ${escape(l.recipient)} · ${escape(l.kind)}</p>
  <pre>${escape(l.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="kk">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sabaq — әзірлеуші поштасы / почта разработчика</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.letter{border:1px solid #999;border-radius:6px;padding:0.75rem 1rem;margin:1rem 0}
.letter h2{font-size:1.1rem;margin:0}.meta{color:#444;margin:0.25rem 0}pre{white-space:pre-wrap;font-size:1rem}</style>
</head>
<body>
<h1>Әзірлеуші поштасы / Почта разработчика</h1>
<p>SMTP қосылмаған: хаттар жіберілмейді, осында көрсетіледі. / SMTP не настроен: письма не отправляются, они показаны здесь.</p>
${letters.length === 0 ? '<p>Хат жоқ / Писем нет</p>' : items}
</body></html>`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Only a browser on the machine itself reads the letters: a server started without SMTP and
 * without NODE_ENV=production by mistake must not hand sign-up codes and reset links to anyone
 * who finds the address (a request through a proxy carries the client's address, not loopback).
 */
export function fromThisMachine(req: {
  ip: string;
  socket: { remoteAddress?: string | undefined };
}) {
  return LOOPBACK.has(req.ip) && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

export function registerDevMailRoutes(app: App, db: Db): void {
  const hide = { schema: { hide: true } };
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(DEV_MAIL_PATH) && !fromThisMachine(req))
      await reply.code(404).send({ message: 'Not Found' });
  });
  app.get(DEV_MAIL_PATH, hide, async (_req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(devMailPage(await latestLetters(db))),
  );
  app.get(`${DEV_MAIL_PATH}.json`, hide, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ data: await latestLetters(db) }),
  );
}

/** Prints each letter queued after start to the console (the log), body included. */
export function devMailPrinter(db: Db, intervalMs = 1000): Worker {
  let timer: NodeJS.Timeout | null = null;
  let last = 0;
  let running: Promise<void> | null = null;
  const pass = async (log: FastifyBaseLogger) => {
    const rows = await db
      .query<{ id: number; recipient: string; subject: string; body: string }>(
        'SELECT id, recipient, subject, body FROM outbox WHERE id > $1 ORDER BY id LIMIT 20',
        [last],
      )
      .catch(() => []);
    for (const r of rows) {
      last = Math.max(last, r.id);
      log.info(
        { devMail: { id: r.id, to: r.recipient } },
        `DEV MAIL (no SMTP) to ${r.recipient}: ${r.subject}\n    ${r.body}\n    all letters: ${DEV_MAIL_PATH}`,
      );
    }
  };
  return {
    name: 'dev-mail',
    start(log) {
      void db
        .query<{ id: number | null }>('SELECT max(id) AS id FROM outbox')
        .then((rows) => {
          last = Number(rows[0]?.id ?? 0);
          timer = setInterval(() => {
            running ??= pass(log).finally(() => {
              running = null;
            });
          }, intervalMs);
          timer.unref();
          log.info(`SMTP is not configured: letters are shown at ${DEV_MAIL_PATH}`);
        })
        .catch(() => undefined);
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
