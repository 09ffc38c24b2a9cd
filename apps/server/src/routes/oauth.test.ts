import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, startTestServer } from '../test/harness';

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, driven through its login and
 * consent pages like a browser would, against the server's oauth start/callback routes.
 */
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  director: { email: 'madina.kassymova@demo.sabaq.kz', email_verified: true },
  stranger: { email: 'nobody@example.kz', email_verified: true },
};

class Browser {
  private readonly cookies = new Map<string, string>();
  async get(url: string, method = 'GET', form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (form) {
      body = new URLSearchParams(form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
}

describe.each(BACKENDS)('OpenID Connect sign-in on %s', (backend) => {
  let idpServer: Server;
  let issuer: string;
  let server: RunningServer;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_q, res) => res.end();

  beforeAll(async () => {
    idpServer = createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => idpServer.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}`;
    server = await startTestServer(backend, {
      oidc: {
        issuer,
        clientId: 'sabaq',
        clientSecret: 'sabaq-test-secret-0123456789',
        allowInsecure: true,
      },
    });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'sabaq',
          client_secret: 'sabaq-test-secret-0123456789',
          redirect_uris: [`${server.url}/api/v2/os/auth/oauth/callback`],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      conformIdTokenClaims: false,
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, ...ACCOUNTS[id] }),
      }),
    });
    handler = provider.callback();
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((r) => idpServer?.close(r));
  });

  async function signInAs(account: string): Promise<{ location: string; cookie: string }> {
    const browser = new Browser();
    const start = await call(server, 'GET', '/api/v2/os/auth/oauth/start?lang=ru');
    expect(start.status).toBe(302);
    let url = start.headers.get('location') ?? '';
    expect(start.body.redirect).toBe(url);
    expect(url.startsWith(issuer)).toBe(true);
    // Follow the provider: login page, consent page, back to our callback.
    for (let hop = 0; hop < 12; hop++) {
      if (url.startsWith(server.url)) break;
      let res = await browser.get(url);
      if (res.status === 200 && url.includes('/interaction/')) {
        const html = await res.text();
        const form: Record<string, string> = html.includes('name="login"')
          ? { prompt: 'login', login: account, password: 'x' }
          : { prompt: 'consent' };
        res = await browser.get(url, 'POST', form);
      }
      const next = res.headers.get('location');
      if (!next) throw new Error(`provider stopped at ${url}: ${res.status}`);
      url = new URL(next, url).href;
    }
    const res = await fetch(url, { redirect: 'manual' });
    return {
      location: res.headers.get('location') ?? '',
      cookie: res.headers.getSetCookie().join('\n'),
    };
  }

  it('links by e-mail to the existing account and signs in through the refresh cookie', async () => {
    const { location, cookie } = await signInAs('director');
    expect(location).toBe('/ru/oauth');
    const refresh = /sabaq_refresh=([^;]+)/.exec(cookie)?.[1];
    expect(refresh).toBeTruthy();
    const tokens = await call(server, 'POST', '/api/v2/os/auth/refresh', {
      headers: { cookie: `sabaq_refresh=${refresh}` },
    });
    expect(tokens.status).toBe(200);
    const me = await call(server, 'GET', '/api/v2/os/user-info', {
      token: tokens.body.access_token,
    });
    expect(me.body.data.role).toBe('director');
  });

  it('an identity with no matching account goes back to login with a reason', async () => {
    const { location, cookie } = await signInAs('stranger');
    expect(location).toBe('/ru/login?oauth_error=oauth_no_account');
    expect(cookie).not.toContain('sabaq_refresh=');
  });

  it('a callback with a forged state is refused', async () => {
    const res = await call(server, 'GET', '/api/v2/os/auth/oauth/callback?code=abc&state=forged');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/kk/login?oauth_error=oauth_failed');
  });
});
