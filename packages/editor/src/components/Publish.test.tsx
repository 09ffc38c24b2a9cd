import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { textDoc, validateDraft, type Draft } from '@sabaq/engine';
import { renderEditor } from '../test/render';
import { build, emptySor } from '../test/fixtures';
import { dialogReady } from './Dialog';

// The kit's Modal is fetched just after the builder; these tests start once it is here.
beforeAll(() => dialogReady);

/** A SOR with one complete task: nothing stops it from being published. */
const complete = (): Draft =>
  build(emptySor(), [
    { type: 'draft/setMeta', patch: { title: 'БЖБ: Қазақ тілі', class: 5, duration: 40 } },
    { type: 'purpose/add', purposeId: 'g1', title: '5.1.2.1 мәтіннің негізгі ойын анықтау' },
    { type: 'page/add', pageId: 'p1', title: 'Тапсырмалар' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'task', title: 'Таңдау' },
    { type: 'module/setContent', moduleId: 'm1', content: textDoc('Абайдың туған жері?') },
    {
      type: 'module/setOptions',
      moduleId: 'm1',
      options: {
        kind: 'select',
        items: [
          { id: 'o1', text: 'Шыңғыстау' },
          { id: 'o2', text: 'Алатау' },
        ],
        rightId: 'o1',
      },
    },
    { type: 'descriptor/setCriterion', moduleId: 'm1', criterion: 'Ақпаратты табады' },
    { type: 'descriptor/addRow', moduleId: 'm1', rowId: 'd1', title: 'таңдайды', mark: 1 },
    { type: 'purpose/attach', purposeId: 'g1', moduleId: 'm1' },
  ]);

/** The same SOR with a second task that has no content, answer or descriptors. */
const withProblems = (): Draft =>
  build(complete(), [
    { type: 'module/add', pageId: 'p1', moduleId: 'm2', moduleType: 'task', title: 'Бос' },
  ]);

describe('publishing from the editor', () => {
  it('lists the problems first, with links to their modules, and offers no confirmation while there are any', async () => {
    const publish = vi.fn(async () => {});
    const draft = withProblems();
    expect(validateDraft(draft).length).toBeGreaterThan(0);
    const { user } = renderEditor({ draft, lang: 'ru', publish });
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Подтверждение публикации' });
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Публикация невозможна');
    // No tick box and no confirm button: the problems come before the confirmation.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Подтвердить/ })).toBeNull();
    const links = within(alert).getAllByRole('button');
    expect(links[0]!.textContent).toMatch(/^Бос: /);
    await user.click(links[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The link opened the module with the problem.
    expect(await screen.findByRole('textbox', { name: 'Название модуля' })).toHaveProperty(
      'value',
      'Бос',
    );
    expect(publish).not.toHaveBeenCalled();
  });

  it('without problems asks for the copyright tick box, publishes and says so', async () => {
    const publish = vi.fn(async () => {});
    const onPublished = vi.fn();
    const draft = complete();
    expect(validateDraft(draft)).toEqual([]);
    const { user, container } = renderEditor({ draft, lang: 'kz', publish, onPublished });
    await user.click(screen.getByRole('button', { name: 'Жариялау' }));
    const dialog = screen.getByRole('dialog', { name: 'Жариялауды растау' });
    const confirm = within(dialog).getByRole('button', { name: 'Растау' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /авторлық құқықты/ }));
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(publish).toHaveBeenCalledTimes(1);
    expect(onPublished).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.sbq-announce')?.textContent).toBe(
      'Бәрі сәтті өтті: материал жарияланды.',
    );
  });

  it('shows the draft’s kind, version and status from the catalogue, never the codes', () => {
    const draft = { ...complete(), version: 12 };
    const kz = renderEditor({ draft, lang: 'kz', status: 'published' });
    expect(kz.container.querySelector('.sbq-draft-label')?.textContent).toBe(
      'БЖБ · 12-нұсқа · Жарияланды',
    );
    kz.unmount();
    const ru = renderEditor({ draft, lang: 'ru', status: 'draft' });
    expect(ru.container.querySelector('.sbq-draft-label')?.textContent).toBe(
      'СОР · версия 12 · Черновик',
    );
  });
});

describe('problemLine (issue 29)', () => {
  it('does not repeat the task name the engine already said', async () => {
    const { problemLine } = await import('./PublishDialog');
    expect(problemLine('1-тапсырма', '1-тапсырма: 2-дескриптордың мәтіні жоқ.')).toBe(
      '1-тапсырма: 2-дескриптордың мәтіні жоқ.',
    );
    expect(problemLine('Задание 1', 'Задание 1: у дескриптора 2 нет текста.')).toBe(
      'Задание 1: у дескриптора 2 нет текста.',
    );
    expect(problemLine('Таңдау', '1-тапсырма: дұрыс жауапты белгілеңіз.')).toBe(
      'Таңдау: 1-тапсырма: дұрыс жауапты белгілеңіз.',
    );
    expect(problemLine(null, 'Атауын енгізіңіз.')).toBe('Атауын енгізіңіз.');
  });
});
