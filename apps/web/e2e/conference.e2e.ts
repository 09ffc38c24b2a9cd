// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SECRET = 'the-stand-in-deployment-secret';

/**
 * A loopback stand-in of a Jitsi Meet deployment: its external_api.js defines
 * JitsiMeetExternalAPI as the real one is called (domain, options with roomName, jwt, parentNode,
 * userInfo) and opens the room in an iframe, as the real one does, at
 * `<domain>/<room>?jwt=<token>`; the room page is recorded so the test reads the token Jitsi got.
 */
const rooms: { room: string; jwt: string }[] = [];
const standIn = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  if (url.pathname === '/external_api.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(`window.JitsiMeetExternalAPI = function (domain, options) {
  var listeners = {};
  var frame = document.createElement('iframe');
  frame.title = 'Jitsi Meet';
  frame.allow = 'camera; microphone; display-capture';
  frame.src = 'http://' + domain + '/' + encodeURIComponent(options.roomName) + '?jwt=' + options.jwt;
  options.parentNode.appendChild(frame);
  this.addListener = function (event, fn) { (listeners[event] = listeners[event] || []).push(fn); };
  this.executeCommand = function (command) {
    if (command === 'hangup') (listeners.readyToClose || []).forEach(function (fn) { fn(); });
  };
  this.dispose = function () { frame.remove(); };
};`);
    return;
  }
  rooms.push({
    room: decodeURIComponent(url.pathname.slice(1)),
    jwt: url.searchParams.get('jwt') ?? '',
  });
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html lang="kk"><title>Jitsi stand-in</title><p>Бөлме</p></html>');
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const standInBase = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;

/**
 * The online lesson in Chromium (issue 20): the teacher starts the lesson's call, embedded from
 * the configured deployment with a moderator token; logging out during it asks first; a pupil
 * joins without moderator rights.
 */
describe.skipIf(!HAS_CHROMIUM)('the online lesson in Chromium', { timeout: 120_000 }, () => {
  const app = e2eSuite({
    conference: {
      domain: new URL(standInBase).host,
      appId: 'sabaq',
      secret: SECRET,
      audience: 'jitsi',
      baseUrl: standInBase,
    },
  });
  let lesson: number;

  beforeAll(async () => {
    lesson = (
      await app.server.db.query<{ id: number }>(
        "SELECT id FROM lessons WHERE content_draft_id = 'demo-sor-algebra-7-kz'",
      )
    )[0]!.id;
  });

  /** The token's claims once its HS256 signature checks out with the deployment's secret. */
  const claims = async (jwt: string) => {
    const [header, payload, signature] = jwt.split('.');
    const expected = createHmac('sha256', SECRET)
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(signature).toBe(expected);
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    expect(body).toMatchObject({ iss: 'sabaq', aud: 'jitsi' });
    return body as { room: string; moderator: boolean; context: { user: { name: string } } };
  };

  it('the teacher starts the call in the lesson page as its moderator; logout asks first', () =>
    withPage(app.browser, 'conference-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/schedule/lesson/${lesson}`);
      const block = page.getByRole('region', { name: 'Бейнесабақ' });
      await block.getByRole('button', { name: 'Бейнесабақты бастау' }).click();
      await block.getByTitle('Jitsi Meet').waitFor();
      await expect.poll(() => rooms.length).toBe(1);
      const token = await claims(rooms[0]!.jwt);
      expect(token.moderator).toBe(true);
      expect(token.room).toBe(rooms[0]!.room);
      expect(token.room).toMatch(new RegExp(`^sabaq-lesson-${lesson}-`));
      expect(await audit(page, { serious: true })).toEqual([]);

      // During the call, logout asks (spec §4); cancelled, the call goes on.
      await page.getByRole('button', { name: 'Шығу', exact: true }).click();
      const confirm = page.getByRole('dialog');
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Болдырмау' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await block.getByTitle('Jitsi Meet').count()).toBe(1);

      await block.getByRole('button', { name: 'Бейнесабақтан шығу' }).click();
      await block.getByTitle('Jitsi Meet').waitFor({ state: 'detached' });
    }));

  it('a pupil of the lesson joins without moderator rights', () =>
    withPage(app.browser, 'conference-student', async (page) => {
      await login(page, app.base, 'student');
      await page.goto(`${app.base}/kk/schedule/lesson/${lesson}`);
      await page.getByRole('button', { name: 'Бейнесабаққа қосылу' }).click();
      await expect.poll(() => rooms.length).toBe(2);
      const token = await claims(rooms[1]!.jwt);
      expect(token.moderator).toBe(false);
      expect(token.room).toBe(rooms[0]!.room);
    }));
});
