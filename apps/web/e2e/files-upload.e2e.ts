// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/** A small "video": an MP4 `ftyp` box, then bytes (the server decides the type from these). */
function video(megabytes: number): Buffer {
  const bytes = Buffer.alloc(megabytes * 1024 * 1024, 0x11);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isomiso2', 16, 'latin1');
  return bytes;
}

/**
 * The file service in Chromium (issue 14): a teacher attaches a 12 MB video to a lesson's
 * homework (the resumable path) and watches its progress bar; a page renamed as a picture is
 * refused in Kazakh while the text typed stays; the pupil of the class plays it (the player
 * streams it with Range through a short-lived grant) and downloads the same bytes.
 */
describe.skipIf(!HAS_CHROMIUM)('file uploads in Chromium', { timeout: 120_000 }, () => {
  const app = e2eSuite({ accessTokenTtlSeconds: 900 }, 240_000);
  let lesson7a: number;

  beforeAll(async () => {
    const rows = await app.server.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN groups g ON g.id = s.group_id JOIN users u ON u.id = s.teacher_id
        WHERE g.parallel = 7 AND g.letter = 'А' AND u.login = 'teacher'
          AND l.content_draft_id IS DISTINCT FROM 'demo-sor-algebra-7-kz'
        ORDER BY l.id LIMIT 1`,
    );
    lesson7a = rows[0]!.id;
  });

  it('a teacher attaches a video with a progress bar; the pupil downloads it', async () => {
    const bytes = video(12);
    await withPage(app.browser, 'files-upload-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/schedule/lesson/${lesson7a}/homework`);
      await page.getByRole('link', { name: 'Үй тапсырмасын беру' }).click();
      const text = page.getByLabel('Мәтін');
      await text.fill('Тәжірибенің бейнесін қараңыз');

      // A slow uplink (3 MB/s), so that the bar is seen moving.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 3 * 1024 * 1024,
      });
      // From a file on disk: a 12 MB buffer would cross the protocol as base64, which a loaded
      // machine did not finish within the 10 s default.
      const file = join(mkdtempSync(join(tmpdir(), 'sabaq-upload-')), 'тәжірибе.mp4');
      writeFileSync(file, bytes);
      await page.locator('input[type=file]').setInputFiles(file, { timeout: 30_000 });
      const bar = page.getByRole('progressbar', { name: 'Жүктелуде: тәжірибе.mp4' });
      await bar.waitFor();
      expect(await audit(page, { within: 'form' })).toEqual([]);
      const seen = new Set<number>();
      while (await bar.isVisible()) {
        const now = Number(await bar.getAttribute('aria-valuenow').catch(() => null));
        if (!Number.isNaN(now)) seen.add(now);
        await page.waitForTimeout(100);
      }
      // The bar moved through values between empty and full, not straight to the end.
      expect([...seen].filter((value) => value > 0 && value < 100).length).toBeGreaterThan(1);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.getByRole('button', { name: 'тәжірибе.mp4', exact: true }).waitFor();

      // HTML posing as a picture: refused with the reason, nothing else lost.
      await page.locator('input[type=file]').setInputFiles({
        name: 'сурет.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      });
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toMatch(/^«сурет\.png» файлының түріне \(text\/html\) бұл жерде рұқсат жоқ/);
      expect(await text.inputValue()).toBe('Тәжірибенің бейнесін қараңыз');
      await page.getByRole('button', { name: 'тәжірибе.mp4', exact: true }).waitFor();
      expect(await audit(page, { within: 'form' })).toEqual([]);

      await page.getByRole('button', { name: 'Үй тапсырмасын беру' }).click();
      await page.getByRole('heading', { name: 'Жауаптар' }).waitFor();
    });

    await withPage(app.browser, 'files-upload-student', async (page) => {
      await login(page, app.base, 'student');
      await page.goto(`${app.base}/kk/homework/list`);
      await page
        .getByRole('link', { name: /Алгебра|Геометрия/ })
        .first()
        .click();
      await page.getByText('Тәжірибенің бейнесін қараңыз').waitFor();
      // The player streams it through a short-lived grant, with Range requests.
      const ranged = page.waitForResponse(
        (res) => res.url().includes('/api/v2/os/files/stream/') && res.status() === 206,
      );
      await page.getByRole('button', { name: 'Ойнату: тәжірибе.mp4' }).click();
      const player = page.getByLabel('тәжірибе.mp4 ойнатқышы');
      await player.waitFor();
      expect(await player.evaluate((video) => video.tagName)).toBe('VIDEO');
      const answer = await ranged;
      expect(answer.headers()['content-range']).toMatch(/^bytes 0-\d+\/12582912$/);
      expect(await audit(page, { serious: true })).toEqual([]);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'тәжірибе.mp4', exact: true }).click();
      const file = await download;
      const path = await file.path();
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(path).equals(bytes)).toBe(true);
    });
  });
});
