// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/**
 * The lesson chat in Chromium (issue 20): the teacher on a wide screen and a pupil on a 375 px
 * phone, in two browser contexts, talk live on the lesson page; a late joiner reads the history;
 * the teacher deletes a message and the pupil sees it deleted; axe finds nothing serious.
 */
describe.skipIf(!HAS_CHROMIUM)('the lesson chat in Chromium', { timeout: 120_000 }, () => {
  const app = e2eSuite();
  let lesson: number;

  beforeAll(async () => {
    lesson = (
      await app.server.db.query<{ id: number }>(
        "SELECT id FROM lessons WHERE content_draft_id = 'demo-sor-algebra-7-kz' ORDER BY id LIMIT 1",
      )
    )[0]!.id;
  });

  it('teacher and pupil exchange messages live on the lesson page', () =>
    withPage(app.browser, 'lesson-chat-teacher', async (teacher) => {
      await login(teacher, app.base, 'teacher');
      await teacher.goto(`${app.base}/kk/schedule/lesson/${lesson}`);
      const tChat = teacher.getByRole('region', { name: 'Сабақ чаты' });
      await tChat.getByText('Әзірге ешкім жазған жоқ').waitFor();
      const tBox = tChat.getByRole('textbox', { name: 'Хабарлама' });
      // Said before the pupil came: the pupil reads it from the history.
      await tBox.fill('Сәлеметсіздер ме! Бүгін бөлшектер');
      await tBox.press('Enter');
      await tChat.getByRole('list').getByText('Сәлеметсіздер ме! Бүгін бөлшектер').waitFor();
      // The socket may bring the message before the POST answers; then the box empties.
      await expect.poll(() => tBox.inputValue()).toBe('');

      await withPage(
        app.browser,
        'lesson-chat-pupil',
        async (pupil) => {
          await login(pupil, app.base, 'student');
          await pupil.goto(`${app.base}/kk/schedule/lesson/${lesson}`);
          const pChat = pupil.getByRole('region', { name: 'Сабақ чаты' });
          await pChat.getByRole('list').getByText('Сәлеметсіздер ме! Бүгін бөлшектер').waitFor();
          // The pupil deletes nothing.
          expect(await pChat.getByRole('button', { name: /өшіру/ }).count()).toBe(0);
          // The panel fits the phone: nothing sticks out to the right.
          const box = await pChat.boundingBox();
          expect(box!.x + box!.width).toBeLessThanOrEqual(375);

          // Shift+Enter is a new line, Enter sends; it reaches the teacher live.
          const pBox = pChat.getByRole('textbox', { name: 'Хабарлама' });
          await pBox.click();
          await pBox.pressSequentially('Түсінікті');
          await pBox.press('Shift+Enter');
          await pBox.pressSequentially('бірақ бір сұрақ бар');
          await pBox.press('Enter');
          await tChat.getByRole('list').getByText('бірақ бір сұрақ бар').waitFor();
          expect(
            await tChat
              .getByRole('list')
              .locator('li', { hasText: 'бірақ бір сұрақ бар' })
              .innerText(),
          ).toContain('Түсінікті\nбірақ бір сұрақ бар');
          // Announced politely on the teacher's page, the focus left where it was.
          await expect.poll(() => tChat.getByRole('status').textContent()).toContain('Түсінікті');
          expect(await tBox.evaluate((el) => el === document.activeElement)).toBe(true);

          // The teacher answers live.
          await tBox.fill('Сұра, тыңдап тұрмын');
          await tBox.press('Enter');
          await pChat.getByRole('list').getByText('Сұра, тыңдап тұрмын').waitFor();
          expect(await audit(pupil, { serious: true })).toEqual([]);

          // The teacher deletes the pupil's message: it shows as deleted on both pages.
          await tChat
            .getByRole('list')
            .locator('li', { hasText: 'бірақ бір сұрақ бар' })
            .getByRole('button', { name: /хабарламасын өшіру/ })
            .click();
          await pChat.getByRole('list').getByText('Хабарлама өшірілді').waitFor();
          await tChat.getByRole('list').getByText('Хабарлама өшірілді').waitFor();
          expect(await pChat.getByRole('list').getByText('бірақ бір сұрақ бар').count()).toBe(0);
        },
        { width: 375, height: 740 },
      );
      expect(await audit(teacher, { serious: true })).toEqual([]);
    }));
});
