import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Balance, SessionUser, TariffList } from '@sabaq/platform';
import { store } from '../../session/store';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { serve } from '../../test/serve';
import Tariffs from './Tariffs';
import B2c from './B2c';
import Payment from './Payment';
import Profile from './Profile';
import SubscribeLocked from './SubscribeLocked';
import { COMMERCE_TEXTS, commerceText } from './texts';

configure({ asyncUtilTimeout: 5000 });

/** Renders `element` at `url` as the route `pattern`, inside the UI kit's provider. */
function renderAt(url: string, pattern: string, element: ReactNode): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const C = '/api/v2/os/commerce';
const kz = commerceText('kz');

const tariff = (
  code: string,
  audience: 'personal' | 'kindergarden' | 'school',
  price: number | null,
  days: number,
) => ({
  id: code.length,
  code,
  audience,
  subscriptionType: audience === 'school' ? null : audience,
  name: `${code} name`,
  description: `${code} text`,
  price,
  periodDays: days,
  purchasable: price !== null && audience !== 'school',
});

function tariffs(connected: boolean, b2c = true, b2cVersion = false): TariffList {
  return {
    tariffs: [
      tariff('personal-month', 'personal', 5990, 30),
      tariff('personal-year', 'personal', 65000, 365),
      tariff('kindergarden-month', 'kindergarden', 5000, 30),
      tariff('school-b2b', 'school', null, 365),
    ],
    flags: { b2c, b2cVersion },
    paymentConnected: connected,
  };
}

const user = {
  userId: 5,
  role: 'individual',
  firstname: 'Гүлнар',
  surname: 'Серікбаева',
} as SessionUser;

const balance: Balance = {
  balance: 0,
  paymentConnected: true,
  entries: [
    {
      id: 12,
      kind: 'purchase',
      amount: -5990,
      balanceAfter: 0,
      description: 'Тарифті сатып алу: Жеке: ай',
      createdAt: '2026-11-23T10:00:00Z',
      transactionId: null,
    },
    {
      id: 11,
      kind: 'top_up',
      amount: 5990,
      balanceAfter: 5990,
      description: 'Балансты картамен толтыру',
      createdAt: '2026-11-23T10:00:00Z',
      transactionId: '900001',
    },
  ],
  subscriptions: [
    {
      id: 3,
      type: 'personal',
      tariffCode: 'personal-month',
      tariffName: 'Жеке: ай',
      isDemo: false,
      startsAt: '2026-11-23T10:00:00Z',
      endsAt: '2026-12-23T10:00:00Z',
      state: 'active',
      daysLeft: 30,
    },
    {
      id: 2,
      type: 'kindergarden',
      // A demo subscription with only a code and no tariff of that name (issue 29).
      tariffCode: 'kindergarden-year',
      tariffName: null,
      isDemo: true,
      startsAt: '2026-10-23T10:00:00Z',
      endsAt: '2026-11-13T10:00:00Z',
      state: 'locked',
      daysLeft: 0,
    },
    {
      id: 4,
      type: 'personal',
      tariffCode: 'personal-month',
      tariffName: 'Жеке: ай',
      isDemo: false,
      startsAt: '2027-10-29T10:00:00Z',
      endsAt: '2027-11-28T10:00:00Z',
      state: 'active',
      daysLeft: 30,
    },
  ],
};

describe('commerce texts', () => {
  it('have the same keys in kz and ru, none empty, with Kazakh letters', () => {
    expect(Object.keys(COMMERCE_TEXTS.ru)).toEqual(Object.keys(COMMERCE_TEXTS.kz));
    for (const dict of Object.values(COMMERCE_TEXTS))
      for (const v of Object.values(dict)) expect(v.trim()).not.toBe('');
    expect(Object.values(COMMERCE_TEXTS.kz).join(' ')).toMatch(/[әғқңөұүһі]/);
  });
});

describe('tariffs', () => {
  it('shows prices in tenge and buys from the balance at once', async () => {
    store.set({ user });
    const calls = serve({
      [`GET ${C}/tariffs`]: () => [200, { data: tariffs(true) }],
      [`POST ${C}/checkout`]: () => [
        200,
        {
          data: {
            invoice: null,
            widget: null,
            subscription: balance.subscriptions[0],
            balance: 10,
          },
        },
      ],
      'GET /api/v2/os/user-info': () => [200, { data: { ...user, hasSubscription: true } }],
    });
    renderAt('/kk/tariffs', '/kk/tariffs', <Tariffs />);
    const month = await screen.findByTestId('tariff-personal-month');
    expect(month.textContent).toContain('5 990 ₸');
    expect(screen.getByTestId('tariff-personal-year').textContent).toContain('65 000 ₸');
    expect(screen.getByTestId('tariff-school-b2b').textContent).toContain(kz('byAgreement'));
    await userEvent.click(
      within(month).getByRole('button', { name: `${kz('payBalance')}: personal-month name` }),
    );
    // Issue 30: nothing is taken before the buyer says yes to what, how long and how much.
    const confirm = await screen.findByTestId('purchase-confirm');
    expect(confirm.textContent).toContain(kz('confirmWhat', { name: 'personal-month name' }));
    expect(confirm.textContent).toContain(kz('confirmPeriod', { n: 30 }));
    expect(confirm.textContent).toContain(kz('confirmPrice', { price: '5 990' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: kz('confirmBuy') }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/v2/os/user-info')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `${C}/checkout`,
      body: { tariffCode: 'personal-month', method: 'balance' },
    });
    expect(store.get().user?.hasSubscription).toBe(true);
  });

  it('says plainly when card payment is not connected, and shows a refusal in words', async () => {
    store.set({ user });
    serve({
      [`GET ${C}/tariffs`]: () => [200, { data: tariffs(false) }],
      [`POST ${C}/checkout`]: () => [
        422,
        { message: 'x', errors: { balance: ['Балансыңызда қаражат жеткіліксіз'] } },
      ],
    });
    renderAt('/kk/tariffs', '/kk/tariffs', <Tariffs />);
    expect((await screen.findByText(kz('notConnected'))).closest('[role="status"]')).not.toBeNull();
    const month = screen.getByTestId('tariff-personal-month');
    const card = within(month).getByRole('button', {
      name: `${kz('payCard')}: personal-month name`,
    });
    expect((card as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(
      within(month).getByRole('button', { name: `${kz('payBalance')}: personal-month name` }),
    );
    await userEvent.click(
      within(await screen.findByTestId('purchase-confirm')).getByRole('button', {
        name: kz('confirmBuy'),
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Балансыңызда қаражат жеткіліксіз');
  });

  it('cancelling the confirmation takes no money, for the balance and the card (issue 30)', async () => {
    store.set({ user: { ...user, balance: 7000 } });
    const calls = serve({ [`GET ${C}/tariffs`]: () => [200, { data: tariffs(true) }] });
    renderAt('/kk/tariffs', '/kk/tariffs', <Tariffs />);
    const year = await screen.findByTestId('tariff-personal-year');
    await userEvent.click(
      within(year).getByRole('button', { name: `${kz('payBalance')}: personal-year name` }),
    );
    let confirm = await screen.findByTestId('purchase-confirm');
    expect(confirm.textContent).toContain(kz('confirmPeriod', { n: 365 }));
    expect(confirm.textContent).toContain(
      kz('confirmBalance', { price: '65 000', balance: '7 000' }),
    );
    await userEvent.click(within(confirm).getByRole('button', { name: kz('cancel') }));
    await vi.waitFor(() => expect(screen.queryByTestId('purchase-confirm')).toBeNull());
    await userEvent.click(
      within(year).getByRole('button', { name: `${kz('payCard')}: personal-year name` }),
    );
    confirm = await screen.findByTestId('purchase-confirm');
    expect(confirm.textContent).toContain(kz('confirmCard', { price: '65 000' }));
    await userEvent.click(within(confirm).getByRole('button', { name: kz('cancel') }));
    await vi.waitFor(() => expect(screen.queryByTestId('purchase-confirm')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks an anonymous visitor to sign in; b2c follows its flags', async () => {
    serve({ [`GET ${C}/tariffs`]: () => [200, { data: tariffs(true, true, true) }] });
    renderAt('/kk/b2c', '/kk/b2c', <B2c />);
    const year = await screen.findByTestId('tariff-personal-year');
    // tariff-versian-b2c: the year by its month price (65000 × 30 / 365).
    expect(year.textContent).toContain(kz('perMonth', { price: '5 342' }));
    expect(screen.queryByTestId('tariff-school-b2b')).toBeNull();
    expect(
      within(year)
        .getByRole('link', { name: kz('loginToBuy') })
        .getAttribute('href'),
    ).toBe('/kk/login');
    cleanup();
    serve({ [`GET ${C}/tariffs`]: () => [200, { data: tariffs(true, false) }] });
    renderAt('/kk/b2c', '/kk/b2c', <B2c />);
    expect((await screen.findByText(kz('b2cOff'))).closest('[role="status"]')).not.toBeNull();
  });
});

describe('payment result', () => {
  it('reads the invoice until the provider has settled it', async () => {
    let reads = 0;
    serve({
      [`GET ${C}/invoices/7`]: () => [
        200,
        {
          data: {
            id: 7,
            number: 'SBQ-7',
            purpose: 'tariff',
            tariffCode: 'personal-month',
            amount: 5990,
            state: ++reads > 1 ? 'paid' : 'pending',
            reason: null,
            createdAt: '2026-11-23T10:00:00Z',
          },
        },
      ],
      'GET /api/v2/os/user-info': () => [200, { data: user }],
    });
    renderAt('/kk/payment/7', '/kk/payment/:message?', <Payment />);
    expect((await screen.findByText(kz('paymentPending'))).textContent).toBe(kz('paymentPending'));
    expect((await screen.findByTestId('payment-result', {}, { timeout: 4000 })).textContent).toBe(
      kz('paymentPaid'),
    );
    expect(screen.getByText(kz('invoice', { number: 'SBQ-7', amount: '5 990' }))).toBeTruthy();
  });

  it('shows the provider’s reason for a failed payment', async () => {
    serve({
      [`GET ${C}/invoices/8`]: () => [
        200,
        {
          data: {
            id: 8,
            number: 'SBQ-8',
            purpose: 'top_up',
            tariffCode: null,
            amount: 1000,
            state: 'failed',
            reason: 'InsufficientFunds',
            createdAt: '2026-11-23T10:00:00Z',
          },
        },
      ],
    });
    renderAt('/ru/payment/8', '/ru/payment/:message?', <Payment />);
    expect((await screen.findByTestId('payment-result')).textContent).toBe(
      'Төлем өтпеді: картада қаражат жеткіліксіз',
    );
  });
});

describe('profile balance and subscribe-locked', () => {
  it('shows the balance, subscription states and the history with receipts', async () => {
    store.set({ user });
    serve({ [`GET ${C}/balance`]: () => [200, { data: balance }] });
    renderAt('/kk/profile/balance', '/kk/profile/:tab?', <Profile />);
    expect((await screen.findByTestId('balance-now')).textContent).toBe(
      kz('balanceNow', { amount: '0' }),
    );
    const subs = screen.getAllByTestId('subscription').map((s) => s.textContent);
    expect(subs[0]).toContain(kz('state_active'));
    expect(subs[0]).toContain(kz('daysLeft', { n: 30 }));
    expect(subs[1]).toContain(kz('state_locked'));
    expect(subs[1]).toContain(kz('demo'));
    // Never the tariff's code: the subscription's kind in the reader's language.
    expect(subs[1]).toContain('Балабақша жазылымы');
    expect(subs.join(' ')).not.toMatch(/kindergarden|personal-month/);
    // A period bought on top of a live one says when it starts and its own days.
    expect(subs[2]).toContain('29.10.2027 – 28.11.2027');
    expect(subs[2]).toContain(kz('queuedFrom', { date: '29.10.2027' }));
    expect(subs[2]).toContain(kz('daysInPeriod', { n: 30 }));
    expect(subs[2]).not.toContain(kz('daysLeft', { n: 30 }));
    const rows = within(screen.getByTestId('ledger')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('−5 990 ₸');
    expect(rows[2]!.textContent).toContain('+5 990 ₸');
    expect(screen.getByRole('button', { name: kz('receiptOf', { n: 12 }) })).toBeTruthy();
    expect(screen.getByRole('tab', { name: kz('tabBalance') }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('names the day the subscription ended', async () => {
    store.set({ user });
    serve({
      [`GET ${C}/balance`]: () => [
        200,
        { data: { ...balance, subscriptions: [balance.subscriptions[1]] } },
      ],
    });
    renderAt('/kk/subscribe-locked', '/kk/subscribe-locked', <SubscribeLocked />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('locked-text').textContent).toBe(
        kz('lockedText', { date: '13.11.2026' }),
      ),
    );
    expect(screen.getByRole('link', { name: kz('chooseTariff') }).getAttribute('href')).toBe(
      '/kk/tariffs',
    );
  });
});

describe('profile cabinet', () => {
  it('saves the user’s own details and shows each refused field under it', async () => {
    store.set({
      user: {
        ...user,
        lastname: null,
        phone: '77011234507',
        email: 'a@demo.kz',
        bornDate: '08.05.1990',
        school: { name: 'Мектеп №1', address: '', bin: '' },
        group: null,
      } as SessionUser,
    });
    let answer: [number, unknown] = [
      422,
      {
        message: 'x',
        errors: {
          email: ['Электрондық пошта мекенжайы қате'],
          bornDate: ['Күн КК.АА.ЖЖЖЖ форматында болуы керек'],
        },
      },
    ];
    const calls = serve({
      'PUT /api/v2/os/profile': () => answer,
      'GET /api/v2/os/user-info': () => [200, { data: { ...user, surname: 'Жаңа' } }],
    });
    renderAt('/kk/profile/cabinet', '/kk/profile/:tab?', <Profile />);
    const school = screen.getByLabelText(kz('school')) as HTMLInputElement;
    expect(school.value).toBe('Мектеп №1');
    expect(school.readOnly).toBe(true);
    const email = screen.getByLabelText(kz('email'));
    await userEvent.clear(email);
    await userEvent.type(email, 'bad');
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    expect(await screen.findByText('Электрондық пошта мекенжайы қате')).toBeTruthy();
    expect(screen.getByText('Күн КК.АА.ЖЖЖЖ форматында болуы керек')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      surname: 'Серікбаева',
      firstname: 'Гүлнар',
      lastname: '',
      phone: '77011234507',
      email: 'bad',
      bornDate: '08.05.1990',
    });
    // Editing a field clears its error.
    await userEvent.type(email, '@demo.kz');
    expect(screen.queryByText('Электрондық пошта мекенжайы қате')).toBeNull();
    answer = [
      200,
      {
        data: {
          firstname: 'Гүлнар',
          surname: 'Жаңа',
          lastname: null,
          phone: null,
          email: null,
          bornDate: null,
        },
      },
    ];
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    await vi.waitFor(() => expect(store.get().user?.surname).toBe('Жаңа'));
  });
});

describe('profile sessions', () => {
  it('lists the open sessions and signs one out or all the others', async () => {
    store.set({ user });
    let sessions = [
      {
        id: 'cur',
        createdAt: '2026-11-23T08:00:00Z',
        lastUsedAt: '2026-11-23T09:00:00Z',
        userAgent: 'Chromium',
        ip: '127.0.0.1',
        current: true,
        behalfOf: null,
      },
      {
        id: 'old',
        createdAt: '2026-11-20T08:00:00Z',
        lastUsedAt: '2026-11-21T09:00:00Z',
        userAgent: 'Firefox',
        ip: '10.0.0.2',
        current: false,
        behalfOf: null,
      },
      {
        id: 'tab',
        createdAt: '2026-11-22T08:00:00Z',
        lastUsedAt: '2026-11-22T09:00:00Z',
        userAgent: 'Safari',
        ip: '10.0.0.3',
        current: false,
        behalfOf: null,
      },
    ];
    const calls = serve({
      'GET /api/v2/os/auth/sessions': () => [200, { data: sessions }],
      'DELETE /api/v2/os/profile/sessions/old': () => {
        sessions = sessions.filter((x) => x.id !== 'old');
        return [200, { message: 'ok' }];
      },
      'DELETE /api/v2/os/profile/sessions': () => {
        sessions = sessions.filter((x) => x.current);
        return [200, { message: 'ok' }];
      },
    });
    renderAt('/kk/profile/sessions', '/kk/profile/:tab?', <Profile />);
    const table = await screen.findByTestId('sessions');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText(kz('thisSession'))).toBeTruthy();
    const firefox = within(table).getByText('Firefox').closest('tr')!;
    await userEvent.click(within(firefox).getByRole('button', { name: kz('signOut') }));
    await vi.waitFor(() =>
      expect(within(screen.getByTestId('sessions')).getAllByRole('row')).toHaveLength(3),
    );
    await userEvent.click(screen.getByRole('button', { name: kz('signOutOthers') }));
    await vi.waitFor(() =>
      expect(within(screen.getByTestId('sessions')).getAllByRole('row')).toHaveLength(2),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/v2/os/profile/sessions/old',
      '/api/v2/os/profile/sessions',
    ]);
    expect(
      (screen.getByRole('button', { name: kz('signOutOthers') }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
