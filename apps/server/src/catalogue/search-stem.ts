/**
 * Search stemmers of the catalogue (issue 17): a Kazakh suffix-stripping stemmer and a light
 * Russian one, both our own (no maintained snowball stemmer is installed). Both strip to a fixed
 * point, so stem(stem(w)) === stem(w), and never leave fewer than two letters, so a word of two
 * letters or more never stems to nothing. The index and the query use the same functions: a word
 * is indexed under its Kazakh and its Russian stem, and a query word matches either.
 */

const KZ_VOWELS = 'аәеёиоөуұүыіэюя';
const hasVowel = (s: string) => [...s].some((c) => KZ_VOWELS.includes(c));

/**
 * Kazakh endings, longest first: adjective -дағы, cases, possessives, plural, predicative.
 * Kazakh suffixes stack (мектеп-тер-іміз-де): stripping to a fixed point peels them one by one.
 */
const KZ_SUFFIXES = [
  // -дағы/-дегі "which is in" (мектептегі → мектеп)
  'ндағы',
  'ндегі',
  'дағы',
  'дегі',
  'тағы',
  'тегі',
  // plural + possessive
  'ларымыз',
  'леріміз',
  'дарымыз',
  'деріміз',
  'тарымыз',
  'теріміз',
  'ларың',
  'лерің',
  'дарың',
  'дерің',
  'тарың',
  'терің',
  // possessive 1st/2nd person plural, polite
  'ымыз',
  'іміз',
  'мыз',
  'міз',
  'ыңыз',
  'іңіз',
  'ңыз',
  'ңіз',
  // ablative
  'нан',
  'нен',
  'дан',
  'ден',
  'тан',
  'тен',
  // genitive
  'ның',
  'нің',
  'дың',
  'дің',
  'тың',
  'тің',
  // plural
  'лар',
  'лер',
  'дар',
  'дер',
  'тар',
  'тер',
  // instrumental
  'мен',
  'бен',
  'пен',
  // locative after possessive, dative after possessive
  'нда',
  'нде',
  'на',
  'не',
  // locative
  'да',
  'де',
  'та',
  'те',
  // dative
  'ға',
  'ге',
  'қа',
  'ке',
  // accusative
  'ны',
  'ні',
  'ды',
  'ді',
  'ты',
  'ті',
  // possessive 3rd person, 1st/2nd singular
  'сы',
  'сі',
  'ым',
  'ім',
  'ың',
  'ің',
  // single-letter possessive / dative / accusative after a vowel
  'ы',
  'і',
  'а',
  'е',
  'м',
  'ң',
  'н',
].sort((a, b) => b.length - a.length);

/** The shortest stem either stemmer leaves. */
const MIN_STEM = 2;

function stripOnce(word: string, suffixes: readonly string[], min: number): string | null {
  for (const s of suffixes) {
    if (word.length - s.length < min || !word.endsWith(s)) continue;
    const rest = word.slice(0, -s.length);
    if (hasVowel(rest)) return rest;
  }
  return null;
}

function toFixedPoint(word: string, suffixes: readonly string[], min: number): string {
  let w = word;
  for (let next = stripOnce(w, suffixes, min); next !== null; next = stripOnce(w, suffixes, min))
    w = next;
  return w;
}

/** The Kazakh stem of one lower-cased word. */
export function stemKz(word: string): string {
  const stem = toFixedPoint(normalizeWord(word), KZ_SUFFIXES, MIN_STEM);
  // A vowel suffix voices a final п/к/қ (мектеп → мектебі, жүрек → жүрегі): undo it.
  return stem.length > 2 && stem !== normalizeWord(word) ? unvoice(stem) : stem;
}

const UNVOICED: Record<string, string> = { б: 'п', г: 'к', ғ: 'қ' };
function unvoice(stem: string): string {
  const last = stem.slice(-1);
  return UNVOICED[last] ? stem.slice(0, -1) + UNVOICED[last] : stem;
}

/**
 * Russian inflectional endings (nouns, adjectives, verbs), longest first. A light stemmer: it
 * strips endings, not derivational suffixes (вода, воды, водой, воде → вод).
 */
const RU_SUFFIXES = [
  'ями',
  'ами',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ией',
  'иям',
  'иях',
  'ием',
  'ться',
  'тся',
  'ешь',
  'ете',
  'ишь',
  'ите',
  'ает',
  'яет',
  'ует',
  'ают',
  'яют',
  'уют',
  'ой',
  'ей',
  'ий',
  'ый',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ую',
  'юю',
  'ам',
  'ям',
  'ах',
  'ях',
  'ых',
  'их',
  'ым',
  'им',
  'ом',
  'ем',
  'ов',
  'ев',
  'ия',
  'ью',
  'ть',
  'ти',
  'ет',
  'ит',
  'ут',
  'ют',
  'ат',
  'ят',
  'ии',
  'ю',
  'а',
  'я',
  'о',
  'е',
  'ы',
  'и',
  'у',
  'ь',
  'й',
].sort((a, b) => b.length - a.length);

/** The Russian stem of one lower-cased word: endings stripped to a fixed point, three letters kept. */
export function stemRu(word: string): string {
  return toFixedPoint(normalizeWord(word), RU_SUFFIXES, 3);
}

/** Lower case with Kazakh rules; ё → е. */
export function normalizeWord(word: string): string {
  return word.toLocaleLowerCase('kk').replace(/ё/g, 'е');
}

/** Words of a text: runs of letters and digits (Cyrillic, Latin, Kazakh letters). */
export function tokenize(text: string): string[] {
  return normalizeWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The stems one word is indexed and searched under (deduplicated). */
export function stemsOf(word: string): string[] {
  const w = normalizeWord(word);
  if (/^\p{N}+$/u.test(w) || !/[а-яәғқңөұүһі]/u.test(w)) return [w];
  return [...new Set([stemKz(w), stemRu(w)])];
}

/** Every stem of a text, for the `search_terms` column. */
export function searchTerms(text: string): string[] {
  return [...new Set(tokenize(text).flatMap(stemsOf))];
}

/** A query: one group of alternative stems per word (a row matches when every group matches). */
export function queryGroups(q: string): string[][] {
  const seen = new Set<string>();
  const groups: string[][] = [];
  for (const w of tokenize(q)) {
    if (seen.has(w)) continue;
    seen.add(w);
    groups.push(stemsOf(w));
  }
  return groups.slice(0, 8);
}
