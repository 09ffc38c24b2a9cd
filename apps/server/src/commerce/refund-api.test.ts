import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceResponseSchema, RefundResponseSchema } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { refundedPeriod } from './refund-period';

const C = '/api/v2/os/commerce';
const DAY = 24 * 60 * 60 * 1000;

describe('refundedPeriod', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  it('ends a running period now and frees what was left of it', () => {
    expect(refundedPeriod({ startsAt: at(-10), endsAt: at(20) }, now)).toEqual({
      endsAt: now,
      freedMs: 20 * DAY,
    });
  });
  it('empties a period bought on top (not started): the whole bought period is taken away', () => {
    expect(refundedPeriod({ startsAt: at(20), endsAt: at(50) }, now)).toEqual({
      endsAt: at(20),
      freedMs: 30 * DAY,
    });
  });
  it('leaves an ended period as it was', () => {
    expect(refundedPeriod({ startsAt: at(-40), endsAt: at(-10) }, now)).toEqual({
      endsAt: at(-10),
      freedMs: 0,
    });
  });
});

describe.each(BACKENDS)('commerce: refunds (%s)', (backend) => {
  let server: RunningServer;
  let admin: string;
  const tokens = new Map<string, string>();
  const userToken = async (name: string) => {
    if (!tokens.has(name)) tokens.set(name, (await login(server, name)).access_token);
    return tokens.get(name)!;
  };
  const balanceOf = async (name: string) =>
    BalanceResponseSchema.parse(
      (await call(server, 'GET', `${C}/balance`, { token: await userToken(name), locale: 'ru' }))
        .body,
    ).data;
  /** Gives the user money on their balance, with its ledger row (balance = ledger sum). */
  const fund = async (name: string, amount: number) => {
    await server.db.query(
      `WITH u AS (UPDATE users SET balance = balance + $2 WHERE login = $1 RETURNING id, balance)
       INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru)
       SELECT id, 'top_up', $2, balance, 'Толтыру', 'Пополнение' FROM u`,
      [name, amount],
    );
  };
  /** Buys the personal month from the balance; answers the purchase's ledger id. */
  const buy = async (name: string) => {
    const res = await call(server, 'POST', `${C}/checkout`, {
      token: await userToken(name),
      body: { tariffCode: 'personal-month', method: 'balance' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = (await balanceOf(name)).entries.find((e) => e.kind === 'purchase');
    return { entryId: entry!.id, subscriptionId: res.body.data.subscription.id as number };
  };
  const refund = (
    entryId: number,
    reason = 'Төлеуші қате тариф таңдады',
    locale: 'kz' | 'ru' = 'ru',
  ) => call(server, 'POST', `${C}/refunds`, { token: admin, body: { entryId, reason }, locale });
  const period = async (id: number) => {
    const [row] = await server.db.query<{ starts_at: string | Date; ends_at: string | Date }>(
      'SELECT starts_at, ends_at FROM subscriptions WHERE id = $1',
      [id],
    );
    return { start: new Date(row!.starts_at).getTime(), end: new Date(row!.ends_at).getTime() };
  };
  const ledgerMatchesBalance = async () =>
    Number(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*) AS n FROM users u
            WHERE u.balance <> coalesce((SELECT sum(amount) FROM balance_ledger WHERE user_id = u.id), 0)`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = (await login(server, 'admin')).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('returns a live purchase to the balance, ends its subscription, and the user sees the row and its receipt', async () => {
    await fund('trial', 5990);
    const { entryId, subscriptionId } = await buy('trial');
    const drafts = await call(server, 'POST', '/api/v2/os/drafts', {
      token: await userToken('trial'),
      body: { init: { type: 'customLesson', title: 'Сабақ', lang: 'kz' } },
    });
    expect(drafts.status).toBe(201);
    const before = (await balanceOf('trial')).balance;

    const res = await refund(entryId, 'Төлеуші қате тариф таңдады', 'kz');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = RefundResponseSchema.parse(res.body).data;
    expect(done.refundOf).toBe(entryId);
    expect(done.balance).toBe(before + 5990);
    expect(done.entry).toMatchObject({ kind: 'refund', amount: 5990, balanceAfter: before + 5990 });
    expect(done.entry.description).toBe(
      `№${entryId} сатып алуды қайтару (Тарифті сатып алу: Жеке: ай). Себебі: Төлеуші қате тариф таңдады`,
    );
    expect(done.subscription).toMatchObject({ id: subscriptionId, state: 'locked', daysLeft: 0 });

    const seen = await balanceOf('trial');
    expect(seen.balance).toBe(before + 5990);
    expect(seen.entries[0]).toMatchObject({ id: done.entry.id, kind: 'refund', amount: 5990 });
    expect(seen.entries[0]!.description).toContain('Причина: Төлеуші қате тариф таңдады');
    const receipt = await fetch(`${server.url}${C}/receipts/${done.entry.id}`, {
      headers: { authorization: `Bearer ${await userToken('trial')}`, 'x-localization': 'ru' },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The paid sections close again: the only period was refunded.
    const after = await call(server, 'POST', '/api/v2/os/drafts', {
      token: await userToken('trial'),
      body: { init: { type: 'customLesson', title: 'Сабақ', lang: 'kz' } },
    });
    expect(after.status).toBe(423);
    expect(await ledgerMatchesBalance()).toBe(0);
  });

  it('refuses a second refund of the same purchase with 409 in kz and ru, changing nothing', async () => {
    await fund('trial', 5990);
    const { entryId } = await buy('trial');
    expect((await refund(entryId)).status).toBe(201);
    const before = await balanceOf('trial');
    const ru = await refund(entryId, 'Ещё раз', 'ru');
    expect(ru.status).toBe(409);
    expect(ru.body.message).toMatch(
      new RegExp(`^Покупка №${entryId} уже возвращена \\(возврат №\\d+\\)`),
    );
    expect(ru.body.errors.entryId).toHaveLength(1);
    const kz = await refund(entryId, 'Тағы да', 'kz');
    expect(kz.status).toBe(409);
    expect(kz.body.message).toMatch(new RegExp(`^№${entryId} сатып алу бұрын қайтарылған`));
    expect(await balanceOf('trial')).toEqual(before);
  });

  it('refuses anything but a purchase (422 on entryId) and an unknown row (404)', async () => {
    await fund('trial', 100);
    const topUp = (await balanceOf('trial')).entries.find((e) => e.kind === 'top_up')!;
    const res = await refund(topUp.id, 'Қате', 'ru');
    expect(res.status).toBe(422);
    expect(res.body.errors.entryId[0]).toBe(
      `Запись №${topUp.id} — не покупка (пополнение): вернуть можно только покупку тарифа`,
    );
    const kz = await refund(topUp.id, 'Қате', 'kz');
    expect(kz.body.errors.entryId[0]).toContain('толтыру');
    const refundRow = (await balanceOf('trial')).entries.find((e) => e.kind === 'refund')!;
    expect((await refund(refundRow.id)).status).toBe(422);
    expect((await refund(99_999_999)).status).toBe(404);
    const empty = await call(server, 'POST', `${C}/refunds`, {
      token: admin,
      body: { entryId: topUp.id, reason: ' ' },
      locale: 'ru',
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['reason']);
  });

  it('a period bought on top shrinks the time by the bought period; later periods move up', async () => {
    await fund('trial', 3 * 5990);
    const first = await buy('trial');
    const second = await buy('trial');
    const a = await period(first.subscriptionId);
    const b = await period(second.subscriptionId);
    expect(b.start).toBe(a.end);
    // Refunding the one on top empties it; the running one is untouched.
    expect((await refund(second.entryId)).status).toBe(201);
    expect(await period(second.subscriptionId)).toEqual({ start: b.start, end: b.start });
    expect(await period(first.subscriptionId)).toEqual(a);
    // A third on top of the first, then the first refunded: it ends now and the third moves up.
    const third = await buy('trial');
    const c = await period(third.subscriptionId);
    expect(c.start).toBe(a.end);
    const t0 = Date.now();
    expect((await refund(first.entryId)).status).toBe(201);
    const t1 = Date.now();
    const a2 = await period(first.subscriptionId);
    expect(a2.end).toBeGreaterThanOrEqual(t0 - 1000);
    expect(a2.end).toBeLessThanOrEqual(t1);
    const c2 = await period(third.subscriptionId);
    expect(c2.start).toBe(a2.end);
    expect(c2.end - c2.start).toBe(c.end - c.start);
    expect(await ledgerMatchesBalance()).toBe(0);
  });

  it('concurrent refunds of one purchase: exactly one wins, the money comes back once', async () => {
    await fund('trial', 5990);
    const { entryId } = await buy('trial');
    const before = (await balanceOf('trial')).balance;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refund(entryId, `Параллель ${i}`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await balanceOf('trial')).balance).toBe(before + 5990);
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM balance_ledger WHERE refund_of = $1',
      [entryId],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await ledgerMatchesBalance()).toBe(0);
  });

  it('seeds a refunded purchase for the demo `refund` user, shown on their balance', async () => {
    const seen = await balanceOf('refund');
    expect(seen.balance).toBe(5990);
    expect(seen.entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['refund', 5990, 5990],
      ['purchase', -5990, 0],
      ['top_up', 5990, 5990],
    ]);
    expect(seen.entries[0]!.description).toMatch(
      /^Возврат покупки №\d+ \(Покупка тарифа: Личный: месяц\)\. Причина: /,
    );
    expect(seen.subscriptions[0]).toMatchObject({ state: 'locked' });
    expect((await refund(seen.entries[1]!.id)).status).toBe(409);
  });

  it('only the administrator refunds', async () => {
    await fund('trial', 5990);
    const { entryId } = await buy('trial');
    const res = await call(server, 'POST', `${C}/refunds`, {
      token: await userToken('trial'),
      body: { entryId, reason: 'Өзіме қайтарамын' },
      locale: 'ru',
    });
    expect(res.status).toBe(403);
    expect(
      (await call(server, 'POST', `${C}/refunds`, { body: { entryId, reason: 'x' } })).status,
    ).toBe(401);
  });
});
