import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/messages';
import { createLocalDraftLog } from '../log/DraftLog';
import { emptySor } from '../test/fixtures';
import { runner } from './context';

describe('runner', () => {
  it('announces a rejected command in the person’s language and changes nothing', () => {
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    const said: string[] = [];
    const run = runner(log, 'ru', translator('ru'), (m) => said.push(m));
    expect(run([{ type: 'page/rename', pageId: 'gone', title: 'x' }])).toBe(false);
    expect(said).toEqual(['Изменение не применено: Элемент не найден: возможно, его уже удалили.']);
    expect(log.events()).toHaveLength(0);
    expect(run([{ type: 'page/add', pageId: 'p1' }])).toBe(true);
    expect(said).toHaveLength(1);
  });
});
