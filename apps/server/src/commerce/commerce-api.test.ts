import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BalanceResponseSchema,
  CheckoutResponseSchema,
  InvoiceResponseSchema,
  TariffListResponseSchema,
} from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { startStandIn } from '../test/cloudpayments-standin';
import type { StandIn } from '../test/cloudpayments-standin';

const C = '/api/v2/os/commerce';
const SECRET = 'test-api-secret-0123456789';
const PUBLIC_ID = 'pk_test_sabaq';

const newDraft = (token: string) =>
  call(server, 'POST', '/api/v2/os/drafts', {
    token,
    body: { init: { type: 'customLesson', title: 'Сабақ', lang: 'kz' } },
    locale: 'ru',
  });

let server: RunningServer;

describe.each(BACKENDS)('commerce: tariffs, payment, balance (%s)', (backend) => {
  let standIn: StandIn;
  let bare: RunningServer;
  let trial: string;
  let locked: string;
  let individual: string;
  let other: string;
  const count = async (sql: string) => Number((await server.db.query<{ n: number }>(sql))[0]!.n);
  const balanceOf = async (token: string) =>
    BalanceResponseSchema.parse((await call(server, 'GET', `${C}/balance`, { token })).body).data;

  beforeAll(async () => {
    // A server without a provider first, then one configured for the loopback stand-in.
    delete process.env.CLOUDPAYMENTS_PUBLIC_ID;
    delete process.env.CLOUDPAYMENTS_API_SECRET;
    bare = await startTestServer(backend);
    standIn = await startStandIn(SECRET, PUBLIC_ID);
    process.env.CLOUDPAYMENTS_PUBLIC_ID = PUBLIC_ID;
    process.env.CLOUDPAYMENTS_API_SECRET = SECRET;
    process.env.CLOUDPAYMENTS_WIDGET_URL = standIn.widgetUrl;
    server = await startTestServer(backend);
    standIn.target = server.url;
    trial = (await login(server, 'trial')).access_token;
    locked = (await login(server, 'locked')).access_token;
    individual = (await login(server, 'individual')).access_token;
    other = (await login(server, 'school2-director')).access_token;
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await standIn?.close();
  });

  it('lists the tariffs with the spec prices in whole tenge and the flags', async () => {
    const res = await call(server, 'GET', `${C}/tariffs`, { locale: 'ru' });
    expect(res.status).toBe(200);
    const list = TariffListResponseSchema.parse(res.body).data;
    expect(list.tariffs.map((t) => [t.code, t.price, t.purchasable])).toEqual([
      ['personal-month', 5990, true],
      ['personal-year', 65000, true],
      ['kindergarden-month', 5000, true],
      ['school-b2b', null, false],
    ]);
    expect(list.tariffs[0]!.name).toBe('Личный: месяц');
    expect(list.flags).toEqual({ b2c: true, b2cVersion: false });
    expect(list.paymentConnected).toBe(true);
  });

  it('offers a role only what it can use; a kindergarten month opens the library to an individual who buys it (issue 30)', async () => {
    const codes = async (token: string | undefined) =>
      TariffListResponseSchema.parse(
        (await call(server, 'GET', `${C}/tariffs`, token ? { token } : {})).body,
      ).data.tariffs.map((t) => t.code);
    expect(await codes(individual)).toEqual([
      'personal-month',
      'personal-year',
      'kindergarden-month',
      'school-b2b',
    ]);
    const teacher = (await login(server, 'kindergarten')).access_token;
    expect(await codes(teacher)).toContain('kindergarden-month');
    const student = (await login(server, 'student')).access_token;
    expect(await codes(student)).toEqual(['school-b2b']);
    const before = await balanceOf(student);
    const refused = await call(server, 'POST', `${C}/checkout`, {
      token: student,
      locale: 'ru',
      body: { tariffCode: 'kindergarden-month', method: 'balance' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.tariffCode[0]).toBe(
      'Этот тариф не для вашей роли: разделы, которые он открывает, вам недоступны',
    );
    const after = await balanceOf(student);
    expect(after.balance).toBe(before.balance);
    expect(after.subscriptions).toHaveLength(before.subscriptions.length);

    // On the server without a card provider (its own data): the individual teacher is locked out
    // of the kindergarten library, buys the month from the balance and reads it.
    const buyer = (await login(bare, 'individual')).access_token;
    const library = () =>
      call(bare, 'GET', '/api/v2/os/kindergarten/documents/methodical', { token: buyer });
    expect((await library()).status).toBe(423);
    const bought = await call(bare, 'POST', `${C}/checkout`, {
      token: buyer,
      body: { tariffCode: 'kindergarden-month', method: 'balance' },
    });
    expect(bought.status).toBe(200);
    expect(CheckoutResponseSchema.parse(bought.body).data.subscription).toMatchObject({
      state: 'active',
      type: 'kindergarden',
    });
    expect((await library()).status).toBe(200);
    // Cyclograms and plans need a group of children: still not the individual's.
    expect(
      (await call(bare, 'GET', '/api/v2/os/kindergarten/cyclogram', { token: buyer })).status,
    ).toBe(403);
  });

  it('without configuration says in kz and ru that card payment is not connected', async () => {
    const tariffs = TariffListResponseSchema.parse(
      (await call(bare, 'GET', `${C}/tariffs`)).body,
    ).data;
    expect(tariffs.paymentConnected).toBe(false);
    const token = (await login(bare, 'trial')).access_token;
    for (const [locale, text] of [
      ['kz', 'Картамен төлеу бұл серверге қосылмаған'],
      ['ru', 'Оплата картой на этом сервере не подключена'],
    ] as const) {
      const res = await call(bare, 'POST', `${C}/checkout`, {
        token,
        locale,
        body: { tariffCode: 'personal-month', method: 'card' },
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toContain(text);
    }
    const topUp = await call(bare, 'POST', `${C}/top-up`, { token, body: { amount: 1000 } });
    expect(topUp.status).toBe(503);
    const pay = await call(bare, 'POST', `${C}/cloudpayments/pay`, { rawBody: '{}' });
    expect(pay.status).toBe(503);
  });

  it('gives 423 by dates: an ended subscription locks the builder, never having one does not', async () => {
    for (const token of [locked, trial]) {
      const res = await newDraft(token);
      expect(res.status).toBe(423);
      expect(res.body).toMatchObject({ redirect: '/ru/subscribe-locked' });
    }
    expect((await newDraft(individual)).status).toBe(201);
    const me = await call(server, 'GET', '/api/v2/os/user-info', { token: locked });
    expect(me.body.data).toMatchObject({
      hasSubscription: false,
      subscription: { type: 'personal' },
    });
    const subs = (await balanceOf(locked)).subscriptions;
    expect(subs.map((s) => [s.state, s.daysLeft])).toEqual([['locked', 0]]);
    const live = (await balanceOf(individual)).subscriptions;
    expect(live.map((s) => s.state)).toEqual(['active']);
  });

  it('refuses bad bodies with kz/ru messages naming the field', async () => {
    const unknown = await call(server, 'POST', `${C}/checkout`, {
      token: trial,
      locale: 'kz',
      body: { tariffCode: 'nope', method: 'card' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.tariffCode).toEqual(['Мұндай тариф жоқ']);
    const b2b = await call(server, 'POST', `${C}/checkout`, {
      token: trial,
      locale: 'ru',
      body: { tariffCode: 'school-b2b', method: 'balance' },
    });
    expect(b2b.status).toBe(422);
    expect(b2b.body.errors.tariffCode[0]).toMatch(/по договору/);
    const fractional = await call(server, 'POST', `${C}/top-up`, {
      token: trial,
      body: { amount: 10.5 },
    });
    expect(fractional.status).toBe(422);
    expect(Object.keys(fractional.body.errors)).toEqual(['amount']);
  });

  it('a card payment through the stand-in opens the locked sections; a replayed Pay changes nothing', async () => {
    const res = await call(server, 'POST', `${C}/checkout`, {
      token: trial,
      locale: 'kz',
      body: { tariffCode: 'personal-month', method: 'card' },
    });
    expect(res.status).toBe(200);
    const { invoice, widget } = CheckoutResponseSchema.parse(res.body).data;
    expect(widget).toMatchObject({ publicId: PUBLIC_ID, amount: 5990, currency: 'KZT' });
    expect(widget!.scriptUrl).toBe(standIn.widgetUrl);
    expect(invoice!.state).toBe('pending');

    const charged = await standIn.charge({ ...widget!, publicId: widget!.publicId });
    expect(charged).toMatchObject({ success: true, code: 0 });
    const paid = InvoiceResponseSchema.parse(
      (await call(server, 'GET', `${C}/invoices/${invoice!.id}`, { token: trial })).body,
    ).data;
    expect(paid.state).toBe('paid');

    const after = await balanceOf(trial);
    expect(after.balance).toBe(0);
    expect(after.entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['purchase', -5990, 0],
      ['top_up', 5990, 5990],
    ]);
    expect(after.subscriptions[0]).toMatchObject({ state: 'active', daysLeft: 30 });
    expect((await newDraft(trial)).status).toBe(201);

    // The same Pay again (the provider retries): answered 0, nothing written twice.
    const pay = standIn.sent.find((s) => s.kind === 'pay')!;
    const fields = Object.fromEntries(new URLSearchParams(pay.body));
    const ledgerBefore = await count('SELECT count(*)::int AS n FROM balance_ledger');
    const subsBefore = await count('SELECT count(*)::int AS n FROM subscriptions');
    for (let i = 0; i < 3; i++) {
      expect(await standIn.notify('pay', fields)).toEqual({ status: 200, answer: { code: 0 } });
    }
    // …and as JSON, the other body format CloudPayments sends.
    expect(await standIn.notify('pay', fields, { format: 'json' })).toEqual({
      status: 200,
      answer: { code: 0 },
    });
    expect(await count('SELECT count(*)::int AS n FROM balance_ledger')).toBe(ledgerBefore);
    expect(await count('SELECT count(*)::int AS n FROM subscriptions')).toBe(subsBefore);
    expect((await balanceOf(trial)).balance).toBe(0);
    // A Check for the paid invoice is refused (13): it cannot be paid twice through the widget.
    expect((await standIn.notify('check', fields)).answer).toEqual({ code: 13 });
  });

  it('a forged or tampered notification is refused, logged, and changes nothing', async () => {
    const res = await call(server, 'POST', `${C}/top-up`, {
      token: locked,
      body: { amount: 7000 },
    });
    const { invoice, widget } = CheckoutResponseSchema.parse(res.body).data;
    const fields = {
      TransactionId: 5_550_001,
      Amount: '7000.00',
      Currency: 'KZT',
      InvoiceId: widget!.invoiceId,
      AccountId: widget!.accountId,
    };
    const ledgerBefore = await count('SELECT count(*)::int AS n FROM balance_ledger');
    const forged = await standIn.notify('pay', fields, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    // Signed for one body, sent with another (the amount raised).
    const body = new URLSearchParams({ ...fields, Amount: '7000.00', TransactionId: '5550002' });
    const tampered = await fetch(`${server.url}${C}/cloudpayments/pay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-hmac': standIn.sent.at(-1)!.body.length ? 'AAAA' : '',
      },
      body: body.toString(),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(`${server.url}${C}/cloudpayments/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(unsigned.status).toBe(401);
    expect(await count('SELECT count(*)::int AS n FROM balance_ledger')).toBe(ledgerBefore);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM payment_notifications WHERE NOT accepted AND reason = 'bad signature'",
      ),
    ).toBeGreaterThanOrEqual(3);

    // Properly signed but the wrong amount, account or invoice: refused by code, nothing paid.
    expect((await standIn.notify('pay', { ...fields, Amount: '70000.00' })).answer).toEqual({
      code: 12,
    });
    expect((await standIn.notify('pay', { ...fields, Amount: '6999.50' })).answer).toEqual({
      code: 12,
    });
    expect((await standIn.notify('pay', { ...fields, AccountId: '1' })).answer).toEqual({
      code: 11,
    });
    expect((await standIn.notify('check', { ...fields, InvoiceId: 'SBQ-999999' })).answer).toEqual({
      code: 10,
    });
    expect(await count('SELECT count(*)::int AS n FROM balance_ledger')).toBe(ledgerBefore);
    const pending = await call(server, 'GET', `${C}/invoices/${invoice!.id}`, { token: locked });
    expect(pending.body.data.state).toBe('pending');

    // A declined card: Fail marks the invoice failed with the reason, no money moves.
    const declined = await standIn.charge({ ...widget!, publicId: widget!.publicId }, 'decline');
    expect(declined.success).toBe(false);
    const failed = await call(server, 'GET', `${C}/invoices/${invoice!.id}`, { token: locked });
    expect(failed.body.data).toMatchObject({ state: 'failed', reason: 'InsufficientFunds' });
    expect(await count('SELECT count(*)::int AS n FROM balance_ledger')).toBe(ledgerBefore);
  });

  it('the locked user tops up, buys from the balance and the 423 stops', async () => {
    expect((await newDraft(locked)).status).toBe(423);
    const res = await call(server, 'POST', `${C}/top-up`, {
      token: locked,
      body: { amount: 6000 },
    });
    const { widget } = CheckoutResponseSchema.parse(res.body).data;
    expect((await standIn.charge({ ...widget!, publicId: widget!.publicId })).success).toBe(true);
    expect((await balanceOf(locked)).balance).toBe(6000);
    const short = await call(server, 'POST', `${C}/checkout`, {
      token: locked,
      locale: 'ru',
      body: { tariffCode: 'personal-year', method: 'balance' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.balance[0]).toBe(
      'Недостаточно средств на балансе: нужно 65000 ₸, на балансе 6000 ₸',
    );
    const bought = await call(server, 'POST', `${C}/checkout`, {
      token: locked,
      body: { tariffCode: 'personal-month', method: 'balance' },
    });
    expect(bought.status).toBe(200);
    const data = CheckoutResponseSchema.parse(bought.body).data;
    expect(data.balance).toBe(10);
    expect(data.subscription).toMatchObject({ state: 'active', type: 'personal' });
    expect((await newDraft(locked)).status).toBe(201);
    const me = await call(server, 'GET', '/api/v2/os/user-info', { token: locked });
    expect(me.body.data).toMatchObject({ hasSubscription: true, balance: 10 });
  });

  it('buying early adds the new period after the live one; the ledger sums to the balance', async () => {
    const before = (await balanceOf(individual)).subscriptions[0]!;
    const res = await call(server, 'POST', `${C}/checkout`, {
      token: individual,
      body: { tariffCode: 'personal-month', method: 'balance' },
    });
    expect(res.status).toBe(200);
    const sub = CheckoutResponseSchema.parse(res.body).data.subscription!;
    expect(sub.startsAt).toBe(before.endsAt);
    const sums = await server.db.query<{ user_id: number; ledger: number; balance: number }>(
      `SELECT u.id AS user_id, coalesce(sum(l.amount), 0)::int AS ledger, u.balance
         FROM users u LEFT JOIN balance_ledger l ON l.user_id = u.id
        GROUP BY u.id, u.balance HAVING coalesce(sum(l.amount), 0) <> u.balance`,
    );
    expect(sums).toEqual([]);
  });

  it('nobody sees or downloads another user’s invoices and receipts; receipts are PDF with Kazakh text', async () => {
    const mine = await balanceOf(trial);
    const entry = mine.entries[0]!;
    const pdf = await fetch(`${server.url}${C}/receipts/${entry.id}`, {
      headers: { authorization: `Bearer ${trial}`, 'x-localization': 'kz' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/DejaVuSans/);

    const theirs = await balanceOf(other);
    expect(theirs.entries).toEqual([]);
    expect(theirs.balance).toBe(0);
    for (const token of [other, individual]) {
      const receipt = await call(server, 'GET', `${C}/receipts/${entry.id}`, {
        token,
        locale: 'ru',
      });
      expect(receipt.status).toBe(404);
      expect(receipt.body.message).toBe('Такой записи о платеже нет');
      const invoiceId = (
        await server.db.query<{ id: number }>(
          "SELECT i.id FROM invoices i JOIN users u ON u.id = i.user_id WHERE u.login = 'trial'",
        )
      )[0]!.id;
      expect((await call(server, 'GET', `${C}/invoices/${invoiceId}`, { token })).status).toBe(404);
    }
    expect((await call(server, 'GET', `${C}/balance`)).status).toBe(401);
  });
});

describe.each(BACKENDS)('profile cabinet (%s)', (backend) => {
  let profileServer: RunningServer;
  beforeAll(async () => {
    profileServer = await startTestServer(backend);
  });
  afterAll(async () => profileServer?.close());

  it('changes only the caller’s own details; bad fields are named in kz/ru', async () => {
    const token = (await login(profileServer, 'individual')).access_token;
    const other = (await login(profileServer, 'school2-teacher')).access_token;
    const put = (body: unknown, t = token, locale: 'kz' | 'ru' = 'ru') =>
      call(profileServer, 'PUT', '/api/v2/os/profile', { token: t, body, locale });
    const ok = await put({
      firstname: 'Арман',
      surname: 'Бекболат-Ұлы',
      lastname: '',
      phone: '+7 (701) 123-45-99',
      bornDate: '08.05.1990',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      firstname: 'Арман',
      surname: 'Бекболат-Ұлы',
      lastname: null,
      phone: '77011234599',
      email: 'arman.bekbolatov@demo.sabaq.kz',
      bornDate: '08.05.1990',
    });
    const me = await call(profileServer, 'GET', '/api/v2/os/user-info', { token });
    expect(me.body.data).toMatchObject({ surname: 'Бекболат-Ұлы', phone: '77011234599' });

    const bad = await put({
      firstname: 'Arman1',
      surname: '',
      email: 'not-an-email',
      bornDate: '31.02.1990',
      phone: '12',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'bornDate',
      'email',
      'firstname',
      'phone',
      'surname',
    ]);
    expect(bad.body.errors.bornDate[0]).toBe('Дата должна быть в формате ДД.ММ.ГГГГ');
    const future = await put({ firstname: 'А', surname: 'Б', bornDate: '01.01.2999' }, token, 'kz');
    expect(future.body.errors.bornDate[0]).toBe('Күн КК.АА.ЖЖЖЖ форматында болуы керек');
    // Someone else's e-mail: refused, nothing written.
    const taken = await put(
      { firstname: 'Арман', surname: 'Бекболатов', email: 'TIMUR.zhaksylykov@demo.sabaq.kz' },
      token,
      'kz',
    );
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email[0]).toBe('Бұл электрондық пошта тіркелген');
    const rows = await profileServer.db.query<{ login: string; surname: string }>(
      "SELECT login, surname FROM users WHERE login IN ('individual', 'school2-teacher') ORDER BY login",
    );
    expect(rows).toEqual([
      { login: 'individual', surname: 'Бекболат-Ұлы' },
      { login: 'school2-teacher', surname: expect.not.stringMatching(/Бекболат/) },
    ]);
    // The second school's teacher changes only their own row.
    const theirs = await put({ firstname: 'Ерлан', surname: 'Сейітов' }, other);
    expect(theirs.status).toBe(200);
    const after = await profileServer.db.query<{ surname: string }>(
      "SELECT surname FROM users WHERE login = 'individual'",
    );
    expect(after[0]!.surname).toBe('Бекболат-Ұлы');
  });
});

describe.each(BACKENDS)('profile sessions (%s)', (backend) => {
  let sessionsServer: RunningServer;
  beforeAll(async () => {
    sessionsServer = await startTestServer(backend);
  });
  afterAll(async () => sessionsServer?.close());

  it('signs out one own session or all others; another user’s session is not found', async () => {
    const a = (await login(sessionsServer, 'individual')).access_token;
    const b = (await login(sessionsServer, 'individual')).access_token;
    const c = (await login(sessionsServer, 'individual')).access_token;
    const stranger = (await login(sessionsServer, 'school2-teacher')).access_token;
    const list = async (token: string) =>
      (await call(sessionsServer, 'GET', '/api/v2/os/auth/sessions', { token })).body.data as {
        id: string;
        current: boolean;
      }[];
    const sessions = await list(a);
    expect(sessions).toHaveLength(3);
    const bId = (await list(b)).find((s) => s.current)!.id;
    const gone = await call(sessionsServer, 'DELETE', `/api/v2/os/profile/sessions/${bId}`, {
      token: stranger,
      locale: 'ru',
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Не найдено');
    expect((await call(sessionsServer, 'GET', '/api/v2/os/user-info', { token: b })).status).toBe(
      200,
    );
    const out = await call(sessionsServer, 'DELETE', `/api/v2/os/profile/sessions/${bId}`, {
      token: a,
    });
    expect(out.status).toBe(200);
    expect((await call(sessionsServer, 'GET', '/api/v2/os/user-info', { token: b })).status).toBe(
      401,
    );
    expect(await list(a)).toHaveLength(2);
    const others = await call(sessionsServer, 'DELETE', '/api/v2/os/profile/sessions', {
      token: a,
    });
    expect(others.status).toBe(200);
    expect((await call(sessionsServer, 'GET', '/api/v2/os/user-info', { token: c })).status).toBe(
      401,
    );
    expect((await list(a)).map((s) => s.current)).toEqual([true]);
    expect(
      (await call(sessionsServer, 'GET', '/api/v2/os/user-info', { token: stranger })).status,
    ).toBe(200);
  });
});
