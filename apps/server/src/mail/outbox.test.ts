import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { call, startTestServer } from '../test/harness';

interface Received {
  auth: string | null;
  from: string;
  to: string;
  data: string;
}

/** A small real SMTP server on loopback: enough of RFC 5321 to receive letters. */
function smtpServer(received: Received[], refuse: (to: string) => boolean): Server {
  return createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    const current: Received = { auth: null, from: '', to: '', data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            socket.write('250 queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const [verb = ''] = line.split(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            socket.write('250-test\r\n250 AUTH PLAIN\r\n');
            break;
          case 'AUTH':
            current.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString();
            socket.write('235 ok\r\n');
            break;
          case 'MAIL':
            current.from = line.slice(10);
            socket.write('250 ok\r\n');
            break;
          case 'RCPT': {
            current.to = line.slice(8);
            socket.write(refuse(current.to) ? '550 no such mailbox\r\n' : '250 ok\r\n');
            break;
          }
          case 'DATA':
            inData = true;
            socket.write('354 go ahead\r\n');
            break;
          case 'QUIT':
            socket.end('221 bye\r\n');
            break;
          default:
            socket.write('502 unknown\r\n');
        }
      }
    });
  });
}

async function until<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('mail outbox delivered by SMTP', () => {
  const received: Received[] = [];
  let smtp: Server;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = smtpServer(received, (to) => to.includes('madina'));
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.address() as AddressInfo).port;
    server = await startTestServer('pglite', {
      smtp: { url: `smtp://mailer:p%40ss@127.0.0.1:${port}`, from: 'no-reply@sabaq.kz' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((r) => smtp?.close(r));
  });

  it('sends the reset letter, marks it sent', async () => {
    const email = 'gulnar.akhmetova@demo.sabaq.kz';
    expect(
      (
        await call(server, 'POST', '/api/v2/os/auth/password/forgot', {
          body: { email },
          locale: 'ru',
        })
      ).status,
    ).toBe(200);
    const letter = await until(async () => received.find((r) => r.to.includes(email)));
    expect(letter.auth).toBe('\u0000mailer\u0000p@ss');
    expect(letter.from).toBe('<no-reply@sabaq.kz>');
    expect(letter.data).toContain('Subject: =?UTF-8?B?');
    const body = Buffer.from(
      letter.data.split('\n\n')[1]?.replace(/\s+/g, '') ?? '',
      'base64',
    ).toString();
    expect(body).toMatch(/Чтобы задать новый пароль.*\/ru\/login\/forgot\/reset\?token=/);
    const row = await until(async () => {
      const rows = await server.db.query<{ sent: boolean }>(
        'SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE recipient = $1',
        [email],
      );
      return rows[0]?.sent ? rows[0] : undefined;
    });
    expect(row.sent).toBe(true);
  });

  it('a refused recipient stays in the outbox with the error, for a retry', async () => {
    const email = 'madina.kassymova@demo.sabaq.kz';
    await call(server, 'POST', '/api/v2/os/auth/password/forgot', { body: { email } });
    const row = await until(async () => {
      const rows = await server.db.query<{
        sent: boolean;
        attempts: number;
        last_error: string | null;
      }>(
        'SELECT sent_at IS NOT NULL AS sent, attempts, last_error FROM outbox WHERE recipient = $1',
        [email],
      );
      return rows[0]?.last_error ? rows[0] : undefined;
    });
    expect(row.sent).toBe(false);
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.last_error).toMatch(/550/);
  });
});
