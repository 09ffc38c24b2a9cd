import { DICTIONARIES } from '@sabaq/engine';
import type { CommandInput, Dictionaries, DictionaryEntry } from '@sabaq/engine';

const sameIds = (a: readonly DictionaryEntry[], b: readonly DictionaryEntry[]) =>
  a.length === b.length && a.every((e, i) => e.id === b[i]!.id);
const sameEntries = (a: readonly DictionaryEntry[], b: readonly DictionaryEntry[]) =>
  sameIds(a, b) && a.every((e, i) => e.title === b[i]!.title);

/**
 * The `draft/setDictionary` commands that bring a draft's dictionaries up to the server's
 * (GET /api/v2/os/builder/dictionaries). Appended through the draft's log they are ordinary
 * edits: in the history, undoable, shared with co-authors.
 *
 * `titles: false` compares ids only. The server answers in the person's interface language, so
 * a co-author working in the other language must not rewrite the titles each time they open the
 * draft; titles are brought up to date only by people whose language is the draft's.
 * An empty server dictionary never empties a draft's (an unseeded server is not a reason to
 * drop the entries a draft's modules reference).
 */
export function dictionaryCommands(
  current: Dictionaries,
  server: Dictionaries,
  opts: { titles: boolean },
): CommandInput[] {
  const out: CommandInput[] = [];
  for (const name of DICTIONARIES) {
    const want = server[name];
    if (want.length === 0) continue;
    const same = opts.titles ? sameEntries(current[name], want) : sameIds(current[name], want);
    if (!same)
      out.push({
        type: 'draft/setDictionary',
        dictionary: name,
        entries: want.map((e) => ({ id: e.id, title: e.title })),
      });
  }
  return out;
}
