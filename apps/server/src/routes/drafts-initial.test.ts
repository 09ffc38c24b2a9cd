import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, makeEvent, type Draft } from '@sabaq/engine';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

describe.each(BACKENDS)('drafts.initial on %s (editor time travel)', (backend) => {
  let server: RunningServer;
  let methodist: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    methodist = (await login(server, 'methodist')).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('returns the draft as created, and replaying the history on it gives the current draft', async () => {
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: methodist,
      body: { init: { type: 'sor', title: 'БЖБ', lang: 'kz' } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.draft.id as string;
    const edit = await call(server, 'POST', `/api/v2/os/drafts/${id}/commands`, {
      token: methodist,
      body: {
        expectedVersion: 0,
        commands: [
          { type: 'page/add', pageId: 'p1', title: 'Бет' },
          { type: 'draft/setMeta', patch: { title: 'БЖБ: жаңа атауы' } },
        ],
      },
    });
    expect(edit.status).toBe(200);
    const initial = await call(server, 'GET', `/api/v2/os/drafts/${id}/initial`, {
      token: methodist,
    });
    expect(initial.status).toBe(200);
    expect(initial.body.data.draft.title).toBe('БЖБ');
    expect(initial.body.data.draft.version).toBe(0);
    const history = await call(server, 'GET', `/api/v2/os/drafts/${id}/history`, {
      token: methodist,
    });
    const events = (
      history.body.data as Array<{ seq: number; actor: number; at: string; command: never }>
    ).map((e) => makeEvent(e.command, { id: `s${e.seq}`, actor: String(e.actor), at: e.at }));
    const current = await call(server, 'GET', `/api/v2/os/drafts/${id}`, { token: methodist });
    const rebuilt = replay(events, { base: initial.body.data.draft as Draft }).draft;
    expect(rebuilt).toEqual(current.body.data.draft);
  });

  it('is 404 for someone else’s draft and 401 without a token', async () => {
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: methodist,
      body: { init: { type: 'sor', title: 'Жеке', lang: 'kz' } },
    });
    const id = created.body.data.draft.id as string;
    const outsider = (await login(server, 'individual')).access_token;
    expect(
      (await call(server, 'GET', `/api/v2/os/drafts/${id}/initial`, { token: outsider })).status,
    ).toBe(404);
    expect((await call(server, 'GET', `/api/v2/os/drafts/${id}/initial`)).status).toBe(401);
  });
});
