import { connect as netConnect } from 'node:net';
import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { TLSSocket } from 'node:tls';

/**
 * A small SMTP client (RFC 5321) for the outbox: smtp:// (optionally upgraded with STARTTLS
 * when the server offers it) or smtps://, AUTH PLAIN when the URL has credentials. One
 * connection per letter; the outbox retries failures.
 */
export interface SmtpConfig {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  from: string;
  /** Reject self-signed certificates (default true). */
  rejectUnauthorized?: boolean;
  timeoutMs?: number;
}

export interface Letter {
  to: string;
  subject: string;
  body: string;
}

class Conversation {
  private buffer = '';
  private waiting: ((line: { code: number; text: string }) => void) | null = null;
  private failure: Error | null = null;

  constructor(public socket: Socket | TLSSocket) {
    this.attach(socket);
  }

  attach(socket: Socket | TLSSocket): void {
    this.socket = socket;
    this.buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.flush();
    });
    socket.on('error', (err) => {
      this.failure = err;
      this.flush();
    });
  }

  private flush(): void {
    if (!this.waiting) return;
    if (this.failure) {
      const w = this.waiting;
      this.waiting = null;
      w({ code: 0, text: this.failure.message });
      return;
    }
    // A reply ends with a line "NNN text" (multi-line replies use "NNN-text").
    const lines = this.buffer.split('\r\n');
    for (let i = 0; i < lines.length - 1; i++) {
      const line = lines[i] ?? '';
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const text = lines.slice(0, i + 1).join('\n');
        this.buffer = lines.slice(i + 1).join('\r\n');
        const w = this.waiting;
        this.waiting = null;
        w({ code: Number(line.slice(0, 3)), text });
        return;
      }
    }
  }

  reply(): Promise<{ code: number; text: string }> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.flush();
    });
  }

  async command(line: string | null, expect: number[]): Promise<string> {
    if (line !== null) this.socket.write(`${line}\r\n`);
    const r = await this.reply();
    if (!expect.includes(r.code)) {
      throw new Error(
        `SMTP ${line?.split(' ')[0] ?? 'greeting'}: ${r.code || ''} ${r.text}`.trim(),
      );
    }
    return r.text;
  }
}

function address(value: string): string {
  // Header injection guard: an address is one line without angle brackets.
  if (/[\r\n<>]/.test(value)) throw new Error(`invalid address: ${JSON.stringify(value)}`);
  return value;
}

function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

export async function sendSmtp(config: SmtpConfig, letter: Letter): Promise<void> {
  const url = new URL(config.url);
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') throw new Error(`SMTP URL must be smtp:// or smtps://`);
  const host = url.hostname;
  const port = Number(url.port || (secure ? 465 : 587));
  const timeout = config.timeoutMs ?? 15_000;
  const rejectUnauthorized = config.rejectUnauthorized ?? true;
  const socket: Socket | TLSSocket = secure
    ? tlsConnect({ host, port, servername: host, rejectUnauthorized })
    : netConnect({ host, port });
  socket.setTimeout(timeout, () => socket.destroy(new Error('SMTP timeout')));
  const c = new Conversation(socket);
  try {
    await c.command(null, [220]);
    let ehlo = await c.command('EHLO sabaq', [250]);
    if (!secure && /STARTTLS/i.test(ehlo)) {
      await c.command('STARTTLS', [220]);
      const upgraded = tlsConnect({
        socket: c.socket as Socket,
        servername: host,
        rejectUnauthorized,
      });
      c.attach(upgraded);
      await new Promise<void>((resolve, reject) => {
        upgraded.once('secureConnect', () => resolve());
        upgraded.once('error', reject);
      });
      ehlo = await c.command('EHLO sabaq', [250]);
    }
    if (url.username) {
      const plain = Buffer.from(
        `\u0000${decodeURIComponent(url.username)}\u0000${decodeURIComponent(url.password)}`,
      ).toString('base64');
      await c.command(`AUTH PLAIN ${plain}`, [235]);
    }
    await c.command(`MAIL FROM:<${address(config.from)}>`, [250]);
    await c.command(`RCPT TO:<${address(letter.to)}>`, [250, 251]);
    await c.command('DATA', [354]);
    const body = Buffer.from(letter.body, 'utf8')
      .toString('base64')
      .replace(/.{1,76}/g, '$&\r\n');
    const message = [
      `From: Sabaq <${config.from}>`,
      `To: <${letter.to}>`,
      `Subject: ${encodeHeader(letter.subject.replace(/[\r\n]+/g, ' '))}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '.',
    ].join('\r\n');
    await c.command(message, [250]);
    await c.command('QUIT', [221]).catch(() => undefined);
  } finally {
    socket.destroy();
  }
}
