import type { Domain } from '../domain';
import { devMailPrinter, registerDevMailRoutes } from './dev-mail';
import { OUTBOX_DELIVERY_SQL } from './mail-schema';
import { OutboxSender } from './outbox';

/**
 * The mail outbox: delivered by SMTP when `smtp` is configured, else letters stay in the table;
 * in development without SMTP (`devMail`) they are shown at /api/dev/mail and printed to the
 * console (dev-mail.ts).
 */
export const mailDomain: Domain = {
  name: 'mail',
  migrations: [{ id: 3, name: 'outbox-delivery', sql: OUTBOX_DELIVERY_SQL }],
  routes(app, ctx) {
    if (ctx.config.devMail) registerDevMailRoutes(app, ctx.db);
  },
  workers(ctx, options) {
    const smtp = options.smtp;
    if (!smtp) return ctx.config.devMail ? [devMailPrinter(ctx.db)] : [];
    let sender: OutboxSender | null = null;
    return [
      {
        name: 'outbox',
        start(log) {
          sender = new OutboxSender(ctx.db, smtp, log);
          sender.start();
        },
        stop: async () => sender?.stop(),
      },
    ];
  },
};
