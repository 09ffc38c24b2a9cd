import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { sendSmtp } from './smtp';
import type { SmtpConfig } from './smtp';

const MAX_ATTEMPTS = 8;

/**
 * Delivers the outbox by SMTP when SMTP_URL is configured (without it, letters stay in the
 * table and the log — the development mode). Rows are claimed with one atomic UPDATE … SKIP
 * LOCKED so several processes never send the same letter; a claim older than five minutes (a
 * process died mid-send) is taken over; failures are retried up to MAX_ATTEMPTS times.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly smtp: SmtpConfig,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 2000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Sends what is due now; concurrent calls share one pass. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const rows = await this.db
      .query<{ id: number; recipient: string; subject: string; body: string }>(
        `UPDATE outbox SET claimed_at = now(), attempts = attempts + 1
          WHERE id IN (SELECT id FROM outbox
                        WHERE sent_at IS NULL AND attempts < $1
                          AND (claimed_at IS NULL OR claimed_at < now() - interval '5 minutes')
                        ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, recipient, subject, body`,
        [MAX_ATTEMPTS],
      )
      .catch((err: unknown) => {
        this.log.warn({ err }, 'outbox: cannot read');
        return [];
      });
    for (const row of rows) {
      try {
        await sendSmtp(this.smtp, { to: row.recipient, subject: row.subject, body: row.body });
        await this.db.query('UPDATE outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [
          row.id,
        ]);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.log.warn(
          { outboxId: row.id, error: message },
          'outbox: SMTP delivery failed; will retry',
        );
        // Release the claim so the next pass retries (after the interval).
        await this.db
          .query('UPDATE outbox SET claimed_at = NULL, last_error = $2 WHERE id = $1', [
            row.id,
            message.slice(0, 500),
          ])
          .catch(() => undefined);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
