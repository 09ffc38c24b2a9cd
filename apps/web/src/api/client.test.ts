import { describe, expect, it, vi } from 'vitest';
import { ApiClient, REFRESH_LOCK, REFRESH_PATH, fieldErrors, type ApiDeps } from './client';

type Reply = { status: number; body?: unknown } | 'network-error';

/** A fake server: answers by path, in order, and records every request. */
function harness(replies: Record<string, Reply[]>) {
  const calls: { url: string; init: RequestInit }[] = [];
  let token: string | null = 'old-token';
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const path = String(url).split('?')[0]!;
    const reply = replies[path]?.shift();
    if (!reply) throw new Error(`unexpected call ${path}`);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const deps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: () => token,
    setToken: vi.fn((t: string) => void (token = t)),
    getLocale: () => 'kz' as const,
    getQuarter: (): number | null => 2,
    onUnauthorized: vi.fn(),
    onLocked: vi.fn(),
    onRedirect: vi.fn(),
    onServerUnavailable: vi.fn(),
    onServerAvailable: vi.fn(),
    progressStart: vi.fn(),
    progressDone: vi.fn(),
    notify: vi.fn(),
    onRefreshed: vi.fn(),
  } satisfies ApiDeps;
  return { client: new ApiClient(deps), deps, calls, token: () => token };
}

describe('ApiClient headers (spec §7)', () => {
  it('sends bearer token, X-Localization, X-Quarter and JSON accept', async () => {
    const { client, calls } = harness({ '/api/x': [{ status: 200, body: { data: 1 } }] });
    const result = await client.post('/api/x', { a: 1 }, { query: { page: 2, skip: undefined } });
    expect(result).toEqual({ error: false, status: 200, data: { data: 1 } });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/x?page=2');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer old-token',
      'X-Localization': 'kz',
      'X-Quarter': '2',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it('leaves X-Quarter out until the quarter is known, so the server answers with the current one', async () => {
    const { client, calls, deps } = harness({ '/api/x': [{ status: 200, body: {} }] });
    (deps as { getQuarter: () => number | null }).getQuarter = () => null;
    await client.get('/api/x');
    expect(calls[0]!.init.headers).not.toHaveProperty('X-Quarter');
  });

  it('counts the progress bar up and down once per call', async () => {
    const { client, deps } = harness({ '/api/x': [{ status: 200, body: {} }] });
    await client.get('/api/x');
    expect(deps.progressStart).toHaveBeenCalledTimes(1);
    expect(deps.progressDone).toHaveBeenCalledTimes(1);
  });
});

describe('ApiClient error catalogue (spec §8)', () => {
  it('302 follows the redirect field', async () => {
    const { client, deps } = harness({
      '/api/x': [{ status: 302, body: { redirect: '/kk/tariffs' } }],
    });
    const result = await client.get('/api/x');
    expect(deps.onRedirect).toHaveBeenCalledWith('/kk/tariffs');
    expect(result).toMatchObject({ error: true, errorType: 'redirect', status: 302 });
  });

  it('401 clears the session and shows the message unless an action is present', async () => {
    const { client, deps } = harness({
      '/api/x': [
        { status: 401, body: { message: 'Сессия аяқталды' } },
        { status: 401, body: { message: 'x', action: 'relogin' } },
      ],
    });
    await client.get('/api/x');
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith({ kind: 'error', message: 'Сессия аяқталды' });
    const second = await client.get('/api/x');
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(2);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(second).toMatchObject({
      error: true,
      errorType: 'unauthorized',
      data: { action: 'relogin' },
    });
  });

  it('422 gives field errors to a form without a notification', async () => {
    const body = { message: 'Invalid', errors: { old_password: ['Ағымдағы құпиясөз қате'] } };
    const { client, deps } = harness({ '/api/x': [{ status: 422, body }] });
    const result = await client.post('/api/x', {}, { handle: 'form' });
    expect(result).toMatchObject({ error: true, errorType: 'validation', data: body });
    expect(fieldErrors(result)).toEqual({ old_password: 'Ағымдағы құпиясөз қате' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('422 outside a form notifies with the message, else the first error', async () => {
    const { client, deps } = harness({
      '/api/x': [
        { status: 422, body: { message: 'Хабар', errors: { a: ['бірінші'] } } },
        { status: 422, body: { errors: { a: ['бірінші'], b: ['екінші'] } } },
        { status: 422, body: { message: 'Тек хабар' } },
      ],
    });
    await client.get('/api/x');
    await client.get('/api/x');
    await client.post('/api/x', {}, { handle: 'form' });
    expect(deps.notify.mock.calls.map((c) => c[0].message)).toEqual([
      'Хабар',
      'бірінші',
      'Тек хабар',
    ]);
  });

  it('423 marks the subscription locked', async () => {
    const { client, deps } = harness({ '/api/x': [{ status: 423, body: { message: 'locked' } }] });
    expect(await client.get('/api/x')).toMatchObject({ error: true, errorType: 'locked' });
    expect(deps.onLocked).toHaveBeenCalledTimes(1);
  });

  it('426 refreshes once, stores the new token and repeats the request', async () => {
    const { client, deps, calls, token } = harness({
      '/api/x': [{ status: 426 }, { status: 200, body: { data: 'ok' } }],
      [REFRESH_PATH]: [{ status: 200, body: { access_token: 'new-token', refresh_token: 'r2' } }],
    });
    const result = await client.get('/api/x');
    expect(result).toEqual({ error: false, status: 200, data: { data: 'ok' } });
    expect(calls.map((c) => c.url)).toEqual(['/api/x', REFRESH_PATH, '/api/x']);
    expect(calls[2]!.init.headers).toMatchObject({ Authorization: 'Bearer new-token' });
    expect(calls[1]!.init.credentials).toBe('same-origin');
    expect(token()).toBe('new-token');
    expect(deps.onRefreshed).toHaveBeenCalledWith({
      access_token: 'new-token',
      refresh_token: 'r2',
    });
  });

  it('426 shares one refresh between concurrent calls', async () => {
    const { client, calls } = harness({
      '/api/x': [
        { status: 426 },
        { status: 426 },
        { status: 200, body: 1 },
        { status: 200, body: 2 },
      ],
      [REFRESH_PATH]: [{ status: 200, body: { access_token: 'n', refresh_token: 'r' } }],
    });
    const results = await Promise.all([client.get('/api/x'), client.get('/api/x')]);
    expect(results.every((r) => !r.error)).toBe(true);
    expect(calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(1);
  });

  it('tabs refresh one at a time under a Web Lock (a refresh token works once)', async () => {
    // Two tabs = two clients sharing one lock manager; the fake server answers slowly.
    const held: string[] = [];
    let busy = false;
    const queue: (() => void)[] = [];
    const locks = {
      request: (async (name: string, fn: () => Promise<unknown>) => {
        held.push(name);
        if (busy) await new Promise<void>((resolve) => queue.push(resolve));
        busy = true;
        try {
          return await fn();
        } finally {
          busy = false;
          queue.shift()?.();
        }
      }) as unknown as LockManager['request'],
    };
    let inFlight = 0;
    let overlap = false;
    const tab = () => {
      const h = harness({
        [REFRESH_PATH]: [{ status: 200, body: { access_token: 'n', refresh_token: 'r' } }],
      });
      const slowFetch = h.deps.fetch;
      const deps = {
        ...h.deps,
        locks,
        fetch: (async (url: string, init?: RequestInit) => {
          inFlight += 1;
          if (inFlight > 1) overlap = true;
          await new Promise((resolve) => setTimeout(resolve, 5));
          inFlight -= 1;
          return slowFetch(url, init);
        }) as typeof globalThis.fetch,
      };
      return new ApiClient(deps);
    };
    const [a, b] = [tab(), tab()];
    expect(await Promise.all([a.refreshSession(), b.refreshSession()])).toEqual([true, true]);
    expect(held).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
    expect(overlap).toBe(false);
  });

  it('426 with a failed refresh rejects and does not repeat', async () => {
    const { client, deps, calls } = harness({
      '/api/x': [{ status: 426 }],
      [REFRESH_PATH]: [{ status: 401, body: { message: 'expired' } }],
    });
    const result = await client.get('/api/x');
    expect(result).toMatchObject({ error: true, errorType: 'refresh', status: 426 });
    expect(calls.map((c) => c.url)).toEqual(['/api/x', REFRESH_PATH]);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('426 whose refresh meets a server without its database keeps the session, shows the warning', async () => {
    const { client, deps, calls } = harness({
      '/api/x': [{ status: 426 }],
      [REFRESH_PATH]: [{ status: 503, body: { message: 'Сервер уақытша қолжетімсіз' } }],
    });
    const result = await client.get('/api/x');
    expect(result).toMatchObject({ error: true, errorType: 'server' });
    expect(calls.map((c) => c.url)).toEqual(['/api/x', REFRESH_PATH]);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.onServerUnavailable).toHaveBeenCalled();
  });

  it('503 (the database away) shows the server-unavailable warning; the next success clears it', async () => {
    const { client, deps } = harness({
      '/api/x': [
        { status: 503, body: { message: 'Сервер уақытша қолжетімсіз, кейінірек көріңіз' } },
        { status: 200, body: { data: 'ok' } },
      ],
    });
    expect(await client.get('/api/x')).toMatchObject({ error: true, status: 503 });
    expect(deps.onServerUnavailable).toHaveBeenCalledTimes(1);
    expect(await client.get('/api/x')).toMatchObject({ error: false });
    expect(deps.onServerAvailable).toHaveBeenCalled();
  });

  it('426 twice in a row refreshes only once', async () => {
    const { client, calls } = harness({
      '/api/x': [{ status: 426 }, { status: 426 }],
      [REFRESH_PATH]: [{ status: 200, body: { access_token: 'n', refresh_token: 'r' } }],
    });
    expect(await client.get('/api/x')).toMatchObject({ error: true, errorType: 'refresh' });
    expect(calls).toHaveLength(3);
  });

  it('5xx and network failures show the server-unavailable warning, no notification', async () => {
    const { client, deps } = harness({
      '/api/x': [{ status: 502, body: 'Bad gateway' }, 'network-error'],
    });
    expect(await client.get('/api/x')).toMatchObject({
      error: true,
      errorType: 'server',
      status: 502,
      data: null,
    });
    expect(await client.get('/api/x')).toMatchObject({ error: true, errorType: 'network' });
    expect(deps.onServerUnavailable).toHaveBeenCalledTimes(2);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('a 5xx of an external service keeps its message and is not a server failure', async () => {
    const { client, deps } = harness({
      '/api/v1/gpt': [
        { status: 503, body: { message: 'ИИ-помощник не подключён на этом сервере' } },
        { status: 504, body: { message: 'ИИ-помощник не ответил вовремя. Повторите позже' } },
        { status: 502, body: 'Bad gateway' },
      ],
    });
    expect(await client.post('/api/v1/gpt', {}, { external: true, handle: 'silent' })).toEqual({
      error: true,
      errorType: 'server',
      status: 503,
      data: { message: 'ИИ-помощник не подключён на этом сервере' },
    });
    expect(deps.notify).not.toHaveBeenCalled();
    // Without `silent` the message is the notification's.
    await client.post('/api/v1/gpt', {}, { external: true });
    expect(deps.notify).toHaveBeenCalledWith({
      kind: 'error',
      message: 'ИИ-помощник не ответил вовремя. Повторите позже',
    });
    expect(deps.onServerUnavailable).not.toHaveBeenCalled();
    expect(deps.onServerAvailable).toHaveBeenCalledTimes(2);
    // A 5xx without this server's message (a proxy's page) still means the server is down.
    expect(await client.post('/api/v1/gpt', {}, { external: true })).toMatchObject({
      status: 502,
      data: null,
    });
    expect(deps.onServerUnavailable).toHaveBeenCalledTimes(1);
  });

  it('any answer tells the app the server is back', async () => {
    const { client, deps } = harness({ '/api/x': [{ status: 200, body: {} }] });
    await client.get('/api/x');
    expect(deps.onServerAvailable).toHaveBeenCalledTimes(1);
  });

  it('a late answer to a request sent before a failure does not hide the warning', async () => {
    const { client, deps } = harness({
      '/api/slow': [{ status: 200, body: {} }],
      '/api/down': [{ status: 502 }],
      '/api/after': [{ status: 200, body: {} }],
    });
    // The slow request is in flight when another call meets a 502, and answers afterwards.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = deps.fetch;
    deps.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url).startsWith('/api/slow')) await gate;
      return fetch(url, init);
    }) as typeof globalThis.fetch;
    const slow = client.get('/api/slow');
    await client.get('/api/down');
    expect(deps.onServerUnavailable).toHaveBeenCalledTimes(1);
    release();
    await slow;
    expect(deps.onServerAvailable).not.toHaveBeenCalled();
    // A request sent after the failure that succeeds does mean the server is back.
    await client.get('/api/after');
    expect(deps.onServerAvailable).toHaveBeenCalledTimes(1);
  });

  it('other statuses show the message, or the default text when there is none', async () => {
    const { client, deps } = harness({
      '/api/x': [
        { status: 403, body: { message: 'Рұқсат жоқ' } },
        { status: 404, body: { message: 'Табылмады' } },
        { status: 409 },
      ],
    });
    expect(await client.get('/api/x')).toMatchObject({ errorType: 'forbidden' });
    expect(await client.get('/api/x')).toMatchObject({ errorType: 'not-found' });
    expect(await client.get('/api/x')).toMatchObject({ errorType: 'other', data: null });
    expect(deps.notify.mock.calls.map((c) => c[0].message)).toEqual([
      'Рұқсат жоқ',
      'Табылмады',
      undefined,
    ]);
  });

  it('silent calls never notify', async () => {
    const { client, deps } = harness({ '/api/x': [{ status: 400, body: { message: 'x' } }] });
    await client.get('/api/x', { handle: 'silent' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('survives a body that is not JSON', async () => {
    const fetch = vi.fn(async () => new Response('<html>oops</html>', { status: 400 }));
    const { deps } = harness({});
    const client = new ApiClient({ ...deps, fetch: fetch as unknown as typeof globalThis.fetch });
    expect(await client.get('/api/x')).toMatchObject({ error: true, errorType: 'other' });
  });
});

describe('spec §4/§7/§8 small rules of the client', () => {
  it('the refresh status goes loading → loaded on success and loading → reject on failure', async () => {
    const ok = harness({
      '/api/x': [{ status: 426 }, { status: 200, body: {} }],
      [REFRESH_PATH]: [{ status: 200, body: { access_token: 'new', refresh_token: 'r' } }],
    });
    const okStatuses: string[] = [];
    const okDeps = ok.deps as ApiDeps;
    Object.assign(okDeps, { onRefreshStatus: (s: string) => okStatuses.push(s) });
    await new ApiClient(okDeps).get('/api/x');
    expect(okStatuses).toEqual(['loading', 'loaded']);

    const bad = harness({ '/api/x': [{ status: 426 }], [REFRESH_PATH]: [{ status: 401 }] });
    const badStatuses: string[] = [];
    Object.assign(bad.deps, { onRefreshStatus: (s: string) => badStatuses.push(s) });
    await new ApiClient(bad.deps as ApiDeps).get('/api/x');
    expect(badStatuses).toEqual(['loading', 'reject']);
  });
  it('the refresh call carries the optional mathrix header when the session has one', async () => {
    const h = harness({
      '/api/x': [{ status: 426 }, { status: 200, body: {} }],
      [REFRESH_PATH]: [{ status: 200, body: { access_token: 'new' } }],
    });
    Object.assign(h.deps, { getMathrix: () => 'partner-7' });
    await new ApiClient(h.deps as ApiDeps).get('/api/x');
    const refresh = h.calls.find((c) => c.url === REFRESH_PATH)!;
    expect(refresh.init.headers).toMatchObject({ mathrix: 'partner-7' });
    const plain = h.calls.filter((c) => c.url === '/api/x');
    expect(plain.every((c) => !('mathrix' in (c.init.headers as object)))).toBe(true);
  });
  it('a 2xx answer that is not JSON becomes the internal message code 666 with a notice', async () => {
    const fetch = vi.fn(async () => new Response('<html>portal</html>', { status: 200 }));
    const h = harness({});
    const client = new ApiClient({
      ...(h.deps as ApiDeps),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const result = await client.get('/api/x');
    expect(result).toEqual({ error: true, status: 666, errorType: 'message', data: null });
    expect(h.deps.notify).toHaveBeenCalledWith({ kind: 'warning' });
  });
  it('a caller may add headers (translations are asked for with Accept-Language)', async () => {
    const { client, calls } = harness({ '/api/t': [{ status: 200, body: {} }] });
    await client.get('/api/t', { headers: { 'Accept-Language': 'kk' } });
    expect(calls[0]!.init.headers).toMatchObject({
      'Accept-Language': 'kk',
      'X-Localization': 'kz',
    });
  });
});

describe('ApiClient offline reads (issue 31)', () => {
  it('keeps each answered read by language, quarter and address; answers a read without network from it', async () => {
    const { client, deps } = harness({
      '/api/week': [{ status: 200, body: { data: ['Алгебра'] } }, 'network-error', 'network-error'],
      '/api/marks': [{ status: 200, body: {} }],
    });
    const kept = new Map<string, unknown>();
    client.cache = {
      save: (key, body) => void kept.set(key, body),
      read: async (key) => kept.get(key),
    };
    await client.get('/api/week', { query: { date: '2026-11-23' } });
    await client.put('/api/marks', { mark: 9 });
    expect([...kept.keys()]).toEqual(['kz|2|/api/week?date=2026-11-23']);
    // No network: the kept answer, and the server-unavailable state is still told.
    const offline = await client.get('/api/week', { query: { date: '2026-11-23' } });
    expect(offline).toEqual({ error: false, status: 200, data: { data: ['Алгебра'] } });
    expect(deps.onServerUnavailable).toHaveBeenCalledTimes(1);
    // A read never made before has nothing to fall back on.
    const other = await client.get('/api/week', { query: { date: '2026-11-30' } });
    expect(other).toMatchObject({ error: true, errorType: 'network' });
  });

  it('a session restored from the device whose renewal gets no answer sends nothing without a token', async () => {
    const { client, deps, calls } = harness({
      '/api/v2/os/auth/refresh': ['network-error', 'network-error'],
    });
    (deps as { getToken: () => string | null }).getToken = () => null;
    (deps as ApiDeps).renewFirst = () => true;
    const kept = new Map<string, unknown>([['kz|2|/api/week', { data: ['Алгебра'] }]]);
    client.cache = {
      save: (key, body) => void kept.set(key, body),
      read: async (key) => kept.get(key),
    };
    // The link not quite back: the kept read answers, no token-less call (no 401 to end it).
    expect(await client.get('/api/week')).toEqual({
      error: false,
      status: 200,
      data: { data: ['Алгебра'] },
    });
    expect(await client.post('/api/x', {})).toMatchObject({ error: true, errorType: 'network' });
    expect(calls.map((c) => c.url)).toEqual([REFRESH_PATH, REFRESH_PATH]);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });
});
