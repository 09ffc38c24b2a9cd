// @vitest-environment node
/**
 * The AI assistant in Chromium against the real server: one server with an assistant connected
 * (a chat-completions service on loopback, speaking the OpenAI wire format, stands in for the
 * external one) and one without. Without an assistant the shell offers no AI button; with one,
 * Enter sends, Shift+Enter is a new line, the answer is shown with its formatting and without
 * what the "model" tried to inject, and a slow service gives the server's kz message with the
 * question kept for sending again.
 */
import type { RunningServer } from '@sabaq/server';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launch, login, startE2EServer, withPage } from './harness';

type Behaviour = (res: ServerResponse, question: string) => void;

const answer =
  (content: (question: string) => string): Behaviour =>
  (res, question) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        model: 'e2e-model',
        choices: [{ index: 0, message: { role: 'assistant', content: content(question) } }],
      }),
    );

describe.skipIf(!HAS_CHROMIUM)('AI assistant in the app', { timeout: 90_000 }, () => {
  let provider: Server;
  let behaviour: Behaviour = answer(() => 'Сәлем');
  let asked = 0;
  let on: RunningServer;
  let off: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    provider = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        asked++;
        const body = JSON.parse(raw) as { messages: { content: string }[] };
        behaviour(res, body.messages.at(-1)?.content ?? '');
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    on = await startE2EServer({ ai: { url, key: 'sk-e2e', model: 'e2e-model', timeoutMs: 1500 } });
    off = await startE2EServer();
    browser = await launch();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([on?.close(), off?.close()]);
    provider?.closeAllConnections();
    await new Promise((r) => provider?.close(r));
  });

  it('offers no AI button on a server without an assistant', () =>
    withPage(browser, 'ai-off', async (page) => {
      await login(page, off.url, 'teacher');
      // The tariffs link comes with the same flags answer: once it is there, flags are loaded.
      await page.getByRole('banner').getByRole('link', { name: 'Тарифтер' }).waitFor();
      expect(await page.getByRole('button', { name: 'ЖИ көмекшісі' }).count()).toBe(0);
    }));

  it('asks with Enter, keeps Shift+Enter for new lines, shows the answer without injected code', () =>
    withPage(browser, 'ai-answer', async (page) => {
      behaviour = answer(
        (q) =>
          `## Жауап\n\nСұрағыңыз: **${q.split('\n').join(' / ')}**\n\n- бірінші\n- екінші\n` +
          '<img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script>',
      );
      await login(page, on.url, 'teacher');
      await page.getByRole('button', { name: 'ЖИ көмекшісі' }).click();
      const field = page.getByRole('textbox', { name: 'Сұрағыңыз' });
      await field.click();
      const before = asked;
      await page.keyboard.type('Фотосинтез');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('деген не?');
      expect(await field.inputValue()).toBe('Фотосинтез\nдеген не?');
      expect(asked).toBe(before);
      await page.keyboard.press('Enter');
      const reply = page.locator('.ai-answer');
      await reply.getByRole('heading', { name: 'Жауап' }).waitFor();
      expect(await reply.locator('strong').textContent()).toBe('Фотосинтез / деген не?');
      expect(await reply.locator('li').allTextContents()).toEqual(['бірінші', 'екінші']);
      expect(await reply.locator('img, script').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await field.inputValue()).toBe('');
      expect(asked).toBe(before + 1);
    }));

  it('a slow assistant: the server’s message, the question kept, sent again from the button', () =>
    withPage(browser, 'ai-timeout', async (page) => {
      behaviour = (res) => {
        const timer = setTimeout(() => answer(() => 'кеш')(res, ''), 5000);
        res.on('close', () => clearTimeout(timer));
      };
      await login(page, on.url, 'director');
      await page.getByRole('button', { name: 'ЖИ көмекшісі' }).click();
      const field = page.getByRole('textbox', { name: 'Сұрағыңыз' });
      await field.fill('Сабақ жоспарын құр');
      await page.getByRole('button', { name: 'Жіберу' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Жауап алынбады' });
      await alert.getByText('ЖИ көмекшісі уақытында жауап бермеді. Кейінірек қайталаңыз').waitFor();
      expect(await field.inputValue()).toBe('Сабақ жоспарын құр');
      // The assistant failing is not the server being down.
      expect(await page.getByText('Сервер уақытша қолжетімсіз').count()).toBe(0);

      behaviour = answer(() => 'Міне жоспар');
      await alert.getByRole('button', { name: 'Қайта жіберу' }).click();
      await page.locator('.ai-answer').getByText('Міне жоспар').waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Жауап алынбады' }).count()).toBe(0);
    }));
});
