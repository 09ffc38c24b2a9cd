import { describe, expect, it } from 'vitest';
import type { Dictionaries } from '@sabaq/engine';
import { createLocalDraftLog, undoLast } from './DraftLog';
import { dictionaryCommands } from './dictionaries';
import { emptySor } from '../test/fixtures';

const kz: Dictionaries = {
  skillLevels: [
    { id: 'knowledge', title: 'Білу және түсіну' },
    { id: 'application', title: 'Қолдану' },
    { id: 'higher-order', title: 'Жоғары деңгей дағдылары' },
  ],
  taskTypes: [
    { id: 'matching', title: 'Сәйкестендіру' },
    { id: 'open-answer', title: 'Толық жауапты тапсырма' },
  ],
  themeTypes: [],
  speechActivities: [{ id: 'listening', title: 'Тыңдалым' }],
};
const ru: Dictionaries = {
  ...kz,
  skillLevels: [
    { id: 'knowledge', title: 'Знание и понимание' },
    { id: 'application', title: 'Применение' },
    { id: 'higher-order', title: 'Навыки высокого порядка' },
  ],
};

describe('dictionaryCommands', () => {
  it('fills an empty draft through its log, as an ordinary undoable edit', () => {
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    const commands = dictionaryCommands(log.draft().dictionaries, kz, { titles: true });
    // themeTypes is empty on the server: nothing to set there.
    expect(commands.map((c) => (c as { dictionary: string }).dictionary)).toEqual([
      'skillLevels',
      'taskTypes',
      'speechActivities',
    ]);
    expect(log.append(commands).ok).toBe(true);
    expect(log.draft().dictionaries.skillLevels).toEqual(kz.skillLevels);
    expect(log.events()).toHaveLength(3);
    // Once in line with the server, opening again changes nothing.
    expect(dictionaryCommands(log.draft().dictionaries, kz, { titles: true })).toEqual([]);
    undoLast(log);
    expect(log.draft().dictionaries.speechActivities).toEqual([]);
  });

  it('updates titles only when asked to (a co-author in the other language keeps them)', () => {
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    log.append(dictionaryCommands(log.draft().dictionaries, kz, { titles: true }));
    expect(dictionaryCommands(log.draft().dictionaries, ru, { titles: false })).toEqual([]);
    expect(dictionaryCommands(log.draft().dictionaries, ru, { titles: true })).toEqual([
      { type: 'draft/setDictionary', dictionary: 'skillLevels', entries: ru.skillLevels },
    ]);
  });

  it('adds entries the server gained since the draft was filled', () => {
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    log.append(dictionaryCommands(log.draft().dictionaries, kz, { titles: true }));
    const more = { ...kz, taskTypes: [...kz.taskTypes, { id: 'ordering', title: 'Реттілік' }] };
    const cmds = dictionaryCommands(log.draft().dictionaries, more, { titles: false });
    expect(cmds).toHaveLength(1);
    log.append(cmds);
    expect(log.draft().dictionaries.taskTypes.map((e) => e.id)).toEqual([
      'matching',
      'open-answer',
      'ordering',
    ]);
  });
});
