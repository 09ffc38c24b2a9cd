import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryGroups, searchTerms, stemKz, stemRu, tokenize } from './search-stem';

describe('Kazakh stemmer', () => {
  it.each([
    ['судың', 'су'],
    ['суы', 'су'],
    ['мектептегі', 'мектеп'],
    ['мектепке', 'мектеп'],
    ['мектептер', 'мектеп'],
    ['жануарлар', 'жануар'],
    ['жануарлардың', 'жануар'],
    ['өсімдіктер', 'өсімдік'],
    ['теңдеулер', 'теңдеу'],
    ['кітаптар', 'кітап'],
    ['сабақтары', 'сабақ'],
    ['тарихы', 'тарих'],
    ['мектебі', 'мектеп'],
    ['жүрегі', 'жүрек'],
  ])('%s → %s', (word, stem) => {
    expect(stemKz(word)).toBe(stem);
    // The bare word stems the same way, so the two meet in the index.
    expect(stemKz(stem)).toBe(stem);
  });

  it('a title and a suffixed query share stems', () => {
    const terms = searchTerms('Судың айналымы');
    for (const q of ['су', 'судың', 'суы', 'айналымы']) {
      const [group] = queryGroups(q);
      expect(
        group!.some((s) => terms.includes(s)),
        q,
      ).toBe(true);
    }
    const school = searchTerms('Менің мектебім');
    expect(queryGroups('мектептегі')[0]!.some((s) => school.includes(s))).toBe(true);
    const school2 = searchTerms('Мектептегі күн тәртібі');
    expect(queryGroups('мектеп')[0]!.some((s) => school2.includes(s))).toBe(true);
  });
});

describe('Russian stemmer', () => {
  it.each([
    ['вода', 'вод'],
    ['воды', 'вод'],
    ['водой', 'вод'],
    ['природы', 'природ'],
    ['уравнения', 'уравнен'],
    ['уравнение', 'уравнен'],
    ['животных', 'животн'],
    ['животные', 'животн'],
  ])('%s → %s', (word, stem) => expect(stemRu(word)).toBe(stem));
});

describe('stemmer properties', () => {
  const letters = fc.constantFrom(...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяәғқңөұүһі');
  const word = fc.array(letters, { minLength: 2, maxLength: 16 }).map((a) => a.join(''));
  it('stem(stem(w)) == stem(w) and never empty (kz, ru)', () => {
    fc.assert(
      fc.property(word, (w) => {
        for (const stem of [stemKz, stemRu]) {
          const s = stem(w);
          expect(stem(s)).toBe(s);
          expect(s.length).toBeGreaterThanOrEqual(2);
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('tokenizes Kazakh letters and upper case', () => {
    expect(tokenize('ҚАЗАҚСТАН: Өзендер, 2024!')).toEqual(['қазақстан', 'өзендер', '2024']);
  });
});
