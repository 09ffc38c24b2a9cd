import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { makeIin } from '../core/seed-data';
import { call, startTestServer } from '../test/harness';
import { devMailPage, fromThisMachine } from './dev-mail';

/**
 * Issue 30: without SMTP a development server shows its letters (GET /api/dev/mail, and the
 * console), so a sign-up completes; the view is off unless asked for, and off with SMTP.
 */
describe('development mail view', () => {
  let dev: RunningServer;
  let plain: RunningServer;
  let withSmtp: RunningServer;
  const logged: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    dev = await startTestServer('pglite', { devMail: true, logger: true, logStream });
    plain = await startTestServer('pglite');
    withSmtp = await startTestServer('pglite', {
      devMail: true,
      smtp: { url: 'smtp://127.0.0.1:9', from: 'no-reply@sabaq.kz' },
    });
  });
  afterAll(async () => {
    await dev?.close();
    await plain?.close();
    await withSmtp?.close();
  });

  it('a sign-up code shows in the mail view and the console; confirming signs in', async () => {
    const iin = makeIin('2001-03-15', 'w', 7781);
    const email = 'dev.mail@mail.kz';
    const reg = await call(dev, 'POST', '/api/v2/os/auth/register', {
      body: {
        iin,
        firstname: 'Аружан',
        surname: 'Бекова',
        email,
        password: 'Aruzhan-2026',
        password_confirmation: 'Aruzhan-2026',
      },
    });
    expect(reg.status).toBe(200);
    let code = '';
    for (let i = 0; i < 100 && !code; i++) {
      const res = await fetch(`${dev.url}/api/dev/mail.json`);
      const body = (await res.json()) as { data: { recipient: string; body: string }[] };
      code = /(\d{6})/.exec(body.data.find((l) => l.recipient === email)?.body ?? '')?.[1] ?? '';
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toMatch(/^\d{6}$/);
    const page = await fetch(`${dev.url}/api/dev/mail`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(code);
    await expect
      .poll(() => logged.some((l) => l.includes('DEV MAIL') && l.includes(code)), {
        timeout: 15_000,
      })
      .toBe(true);
    const ok = await call(dev, 'POST', '/api/v2/os/auth/register/confirm', {
      body: { iin, code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    expect(ok.body.user).toMatchObject({ iin, role: 'guest' });
  });

  it('is not served unless asked for, nor with SMTP configured', async () => {
    for (const server of [plain, withSmtp]) {
      const res = await fetch(`${server.url}/api/dev/mail.json`);
      expect(res.status).toBe(404);
    }
  });

  it('answers only a browser on the machine itself (loopback, not through a proxy)', () => {
    const at = (ip: string, remoteAddress: string) =>
      fromThisMachine({ ip, socket: { remoteAddress } });
    expect(at('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(at('::1', '::1')).toBe(true);
    expect(at('10.0.0.7', '10.0.0.7')).toBe(false);
    // Behind a trusted proxy on the same host the client's address is not loopback.
    expect(at('203.0.113.9', '127.0.0.1')).toBe(false);
  });

  it('escapes what a letter holds', () => {
    const html = devMailPage([
      {
        id: 1,
        kind: 'x',
        recipient: 'a@b.kz',
        subject: '<script>alert(1)</script>',
        body: 'code 123456 & <b>',
        createdAt: '2026-11-28T10:00:00Z',
      },
    ]);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('28.11.2026');
  });
});
