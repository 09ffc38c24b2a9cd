// @vitest-environment node
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/** Seconds the page's media element has played. */
const playedSeconds = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => (element as HTMLMediaElement).currentTime);

/**
 * The media sections in Chromium against the real server (issue 14): the demo cartoon (made by
 * demo-media/make-video.ts, streamed with Range through a grant) plays with its captions from the
 * keyboard; a playlist goes on to its next track by itself; a user whose subscription ended is
 * sent back to /kk/media by the route guard; every screen is axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('media in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('the demo pupil opens a cartoon from the catalogue and it plays, captions on', () =>
    withPage(app.browser, 'media-cartoon', async (page) => {
      await login(page, app.base, 'student');
      await page.goto(`${app.base}/kk/media`);
      await page
        .getByRole('heading', { name: 'Медиа: мультфильмдер мен музыка', level: 1 })
        .waitFor();
      await page.getByRole('heading', { name: 'Күн мен бұлт' }).waitFor();
      expect(
        await page.locator('.media-grid').getByRole('heading', { level: 2 }).allInnerTexts(),
      ).toHaveLength(3);
      // Posters load through their stream URLs.
      await expect
        .poll(() =>
          page
            .locator('img.media-poster')
            .evaluateAll((imgs) =>
              imgs.every((img) => (img as HTMLImageElement).naturalWidth === 320),
            ),
        )
        .toBe(true);
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.getByRole('link', { name: 'Ойнату: Күн мен бұлт' }).click();
      await page.waitForURL(/\/kk\/media\/video\/\d+$/);
      const player = page.getByRole('region', { name: 'Күн мен бұлт ойнатқышы' });
      await player.focus();
      await page.keyboard.press('k');
      await expect.poll(() => playedSeconds(page, 'video'), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Кідірту' }).waitFor();
      // The Kazakh captions track is showing and has its cues.
      const captions = await page.getByTestId('video').evaluate((element) => {
        const track = (element as HTMLVideoElement).textTracks[0]!;
        return { lang: track.language, mode: track.mode, cues: track.cues?.length ?? 0 };
      });
      expect(captions).toEqual({ lang: 'kk', mode: 'showing', cues: 3 });
      await page.keyboard.press('k');
      await page.getByRole('button', { name: 'Ойнату' }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('a playlist goes on to its next track by itself', () =>
    withPage(app.browser, 'media-playlist', async (page) => {
      await login(page, app.base, 'student');
      await page.goto(`${app.base}/kk/media/audio`);
      await page.getByRole('link', { name: 'Ойнату: Таңғы жаттығу әуендері' }).click();
      await page.waitForURL(/\/kk\/media\/audio\/\d+$/);
      const nowPlaying = page.getByTestId('now-playing');
      expect(await nowPlaying.innerText()).toContain('Көңілді әуен');
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('region', { name: 'Таңғы жаттығу әуендері ойнатқышы' }).focus();
      await page.keyboard.press(' ');
      await expect.poll(() => playedSeconds(page, 'audio'), { timeout: 20_000 }).toBeGreaterThan(0);
      // To the end of the first track: `ended` starts the second one.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => nowPlaying.innerText(), { timeout: 20_000 }).toContain('Қуыршақ биі');
      await expect.poll(() => playedSeconds(page, 'audio'), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(
        await page.getByRole('button', { name: /Қуыршақ биі/ }).getAttribute('aria-current'),
      ).toBe('true');
    }));

  it('the `locked` user, whose subscription ended, is sent back to /kk/media', () =>
    withPage(app.browser, 'media-locked', async (page) => {
      const [video] = await app.server.db.query<{ id: number }>(
        "SELECT id FROM media_items WHERE kind = 'video' ORDER BY id LIMIT 1",
      );
      await login(page, app.base, 'locked');
      await page.goto(`${app.base}/kk/media/video/${video!.id}`);
      await page.waitForURL(/\/kk\/media$/);
      await page.getByTestId('media-locked').waitFor();
      expect(await page.getByRole('link', { name: /^Ойнату:/ }).count()).toBe(0);
      await page.goto(`${app.base}/kk/media/audio`);
      await page.waitForURL(/\/kk\/media$/);
      expect(await audit(page, SCREEN)).toEqual([]);
    }));
});
