import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { dialogReady } from '@sabaq/editor';
import { CollaboratorsDialog, type CollaboratorsData } from './Collaborators';

// The builder's dialogs are the kit's Modal, fetched just after the builder: start once it is here.
beforeAll(() => dialogReady);

/**
 * The collaborators API as the server implements it (apps/server/src/collab/routes.ts): the
 * owner sees candidates, invites with edit/view, removes; a colleague who is not invited is
 * refused with a kz message.
 */
function collaboratorsApi() {
  const people = new Map([
    [42, { userId: 42, fullname: 'Сейітова Айгүл', role: 'methodist' }],
    [43, { userId: 43, fullname: 'Омаров Нұрлан', role: 'teacher' }],
  ]);
  const invited = new Map<number, 'edit' | 'view'>();
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    const m = /^\/api\/v2\/os\/drafts\/d1\/collaborators(?:\/(\d+))?$/.exec(url.pathname);
    if (!m) return json(404, { message: 'not found' });
    if (method === 'GET') {
      const data: CollaboratorsData = {
        access: 'edit',
        collaborators: [
          { userId: 41, fullname: 'Ахметова Гүлнар', role: 'methodist', access: 'owner' },
          ...[...invited].map(([id, access]) => ({ ...people.get(id)!, access })),
        ],
        candidates: [...people.values()].filter((p) => !invited.has(p.userId)),
      };
      return json(200, { data });
    }
    if (method === 'POST') {
      const body = JSON.parse(String(init!.body)) as { userId: number; access: 'edit' | 'view' };
      if (!people.has(body.userId))
        return json(422, {
          message: 'validation',
          errors: { userId: ['Тек мектеп әріптесін шақыруға болады.'] },
        });
      invited.set(body.userId, body.access);
      return json(200, { message: 'ok' });
    }
    if (method === 'DELETE') {
      if (!invited.delete(Number(m[1]))) return json(404, { message: 'Табылмады' });
      return json(200, { message: 'ok' });
    }
    return json(405, { message: 'no' });
  };
  return { invited, calls, handler };
}

async function violations(node: Element) {
  const res = await axe.run(node, {
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  });
  return res.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Collaborators dialog', () => {
  let server: ReturnType<typeof collaboratorsApi>;
  beforeEach(() => {
    server = collaboratorsApi();
    vi.stubGlobal('fetch', vi.fn(server.handler));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lets the owner invite a colleague with view rights and remove them, by keyboard', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onChanged = vi.fn();
    render(
      <CollaboratorsDialog
        draftId="d1"
        userId={41}
        lang="kz"
        open
        onClose={onClose}
        onChanged={onChanged}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Бірлескен авторлар' });
    const list = await within(dialog).findByRole('list', { name: 'Жобаға қолжетімділігі барлар' });
    expect(list.textContent).toContain('Ахметова Гүлнар (әдіскер) — иесі');
    expect(await violations(dialog)).toEqual([]);

    // Nothing chosen: a clear message, no request.
    await user.click(within(dialog).getByRole('button', { name: 'Шақыру' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Әріптесті таңдаңыз.');
    expect(server.calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    // Keyboard only: the person select, Tab to the rights, Tab to the button, Enter.
    within(dialog).getByLabelText('Әріптес').focus();
    await user.selectOptions(within(dialog).getByLabelText('Әріптес'), '43');
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Құқығы'));
    await user.selectOptions(within(dialog).getByLabelText('Құқығы'), 'view');
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Шақыру' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.invited.get(43)).toBe('view'));
    await waitFor(() =>
      expect(list.textContent).toContain('Омаров Нұрлан (мұғалім) — тек қарайды'),
    );
    expect(within(dialog).getByRole('status').textContent).toBe('Омаров Нұрлан шақырылды.');
    expect(onChanged).toHaveBeenCalledTimes(1);
    // The invited person is no longer offered.
    expect(
      within(within(dialog).getByLabelText('Әріптес')).queryByRole('option', {
        name: /Омаров/,
      }),
    ).toBeNull();
    expect(await violations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Омаров Нұрлан — шығару' }));
    await waitFor(() => expect(server.invited.has(43)).toBe(false));
    await waitFor(() => expect(list.textContent).not.toContain('Омаров'));
    expect(server.calls).toContain('DELETE /api/v2/os/drafts/d1/collaborators/43');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a co-author the list only, in Russian', async () => {
    server.invited.set(42, 'edit');
    render(<CollaboratorsDialog draftId="d1" userId={42} lang="ru" open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Соавторы' });
    const list = await within(dialog).findByRole('list', { name: 'Имеют доступ к черновику' });
    expect(list.textContent).toContain('Сейітова Айгүл (методист) — может редактировать');
    expect(
      within(dialog).getByText('Приглашать коллег может только владелец черновика.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Убрать/ })).toBeNull();
    expect(within(dialog).queryByLabelText('Коллега')).toBeNull();
    expect(await violations(dialog)).toEqual([]);
  });

  it('says what the server refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Табылмады' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    render(<CollaboratorsDialog draftId="d1" userId={41} lang="kz" open onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Табылмады');
  });
});
