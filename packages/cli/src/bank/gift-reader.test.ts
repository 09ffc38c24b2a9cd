import { describe, expect, it } from 'vitest';
import { readGift, type GiftQuestion } from './gift-reader.js';
import { importGift } from './gift.js';

/**
 * The project's own GIFT corpus: one case per rule of Moodle's reader (qformat_gift::readquestion
 * and qformat_default::readquestions), each with the question Moodle builds from it.
 */
const one = (src: string): GiftQuestion => {
  const r = readGift(src);
  expect(r.errors).toEqual([]);
  expect(r.items).toHaveLength(1);
  return r.items[0] as GiftQuestion;
};
const md = (text: string) => ({ text, format: 'moodle' });
const refusals = (src: string) =>
  readGift(src).errors.map((e) => `${e.line}:${e.column} ${e.reason}`);

describe('GIFT as Moodle reads it: questions and names', () => {
  it('splits questions at empty lines (a line "0" is empty to PHP too) and numbers their lines', () => {
    const r = readGift('A?{T}\n\n\nB?{F}\n0\nC?{}');
    expect(r.items.map((q) => [q.qtype, q.line])).toEqual([
      ['truefalse', 1],
      ['truefalse', 4],
      ['essay', 6],
    ]);
  });
  it('takes the name between a leading :: pair; without the second :: the text keeps the rest', () => {
    expect(one('::Атауы::Сұрақ мәтіні?{T}')).toMatchObject({
      name: 'Атауы',
      questiontext: md('Сұрақ мәтіні?'),
    });
    expect(one('::Сұрақ {T}')).toMatchObject({ name: 'Сұрақ', questiontext: md('Сұрақ') });
    expect(one(':Title:: Q {T}')).toMatchObject({
      name: ':Title:: Q',
      questiontext: md(':Title:: Q'),
    });
  });
  it('names an unnamed question by its text, tags stripped, shortened to 80 characters', () => {
    expect(one('<b>Екі</b> жай сан ба?{T}').name).toBe('Екі жай сан ба?');
    const long = `${'сөз '.repeat(30)}?{T}`;
    const name = one(long).name;
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name.endsWith('...')).toBe(true);
  });
  it('reads the [format] prefix of texts; an unknown one stays text', () => {
    expect(one('[html]<p>Иә ма?</p>{T}').questiontext).toEqual({
      text: '<p>Иә ма?</p>',
      format: 'html',
    });
    expect(one('[markdown]**Иә** ма?{T}').questiontext).toEqual({
      text: '**Иә** ма?',
      format: 'markdown',
    });
    expect(one('[bold] Иә ма?{T}').questiontext).toEqual(md('[bold] Иә ма?'));
  });
  it('a block with no braces is a description; {} (or only general feedback) an essay', () => {
    expect(one('::Кіріспе::Бұл бөлімде бөлшектер.')).toMatchObject({
      qtype: 'description',
      name: 'Кіріспе',
    });
    expect(one('Өзіңіз туралы жазыңыз.{}').qtype).toBe('essay');
    expect(one('Жазыңыз.{####Жақсы жауап — толық жауап.}')).toMatchObject({
      qtype: 'essay',
      generalfeedback: md('Жақсы жауап — толық жауап.'),
    });
  });
});

describe('GIFT as Moodle reads it: escapes, comments and tolerated characters', () => {
  it('\\: \\# \\= \\{ \\} \\~ \\n and \\\\ become their characters', () => {
    const q = one('Белгілер\\: \\# \\= \\{ \\} \\~ \\\\ жол\\nкелесі{T}');
    expect(q.questiontext.text).toBe('Белгілер: # = { } ~ \\ жол\nкелесі');
  });
  it('tolerates a plain colon, a backslash before other letters and text after the answer block', () => {
    expect(one('Уақыт 10:30 па? {T}').questiontext.text).toBe('Уақыт 10:30 па?');
    expect(one('Жол C:\\папка {T}').questiontext.text).toBe('Жол C:\\папка');
    expect(one('Қазақстан {=Астана ~Алматы} астанасы.')).toMatchObject({
      questiontext: md('Қазақстан _____ астанасы.'),
    });
  });
  it('the answer block is the first { to the first }: a later { } pair stays in the text', () => {
    const q = one('Жиын {T} белгісі {} деп аталады');
    expect(q).toMatchObject({
      qtype: 'truefalse',
      questiontext: md('Жиын _____ белгісі {} деп аталады'),
    });
  });
  it('drops // comment lines; a block of comments only is no question', () => {
    const r = readGift(
      '// тек түсініктеме\n// тағы бір\n\n// алдында\nСұрақ?{\n// ішінде\n=иә\n~жоқ\n}',
    );
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ qtype: 'multichoice', line: 4 });
  });
  it('reads [id:…] and [tag:…] from the comments (Moodle 3.6+)', () => {
    expect(one('// [id:Q-7] [tag:алгебра] [tag:7-сынып]\n::Q::Иә?{T}')).toMatchObject({
      idnumber: 'Q-7',
      tags: ['алгебра', '7-сынып'],
    });
  });
  it('reads CRLF, a BOM and old Mac line ends alike', () => {
    expect(readGift('\uFEFFA?{T}\r\n\r\nB?{F}').items.map((q) => q.line)).toEqual([1, 3]);
    expect(readGift('A?{T}\r\rB?{F}').items).toHaveLength(2);
  });
});

describe('GIFT as Moodle reads it: answers', () => {
  it('multiple choice: = is right, ~ wrong, # feedback, #### general feedback; = makes it single', () => {
    expect(one('Түсі?{=сары#Дұрыс! ~қызыл#Жоқ ~көк ####Кемпірқосақ}')).toEqual({
      qtype: 'multichoice',
      line: 1,
      name: 'Түсі?',
      idnumber: null,
      tags: [],
      questiontext: md('Түсі?'),
      generalfeedback: md('Кемпірқосақ'),
      single: true,
      missingWord: false,
      answers: [
        { text: md('сары'), fraction: 1, feedback: md('Дұрыс!') },
        { text: md('қызыл'), fraction: 0, feedback: md('Жоқ') },
        { text: md('көк'), fraction: 0, feedback: md('') },
      ],
    });
  });
  it('weights %n% (negative, decimals) make a multiple-answer question when no = is there', () => {
    const q = one('Жай сандар?{~%50%2 ~%50%3 ~%-100%4 ~%33.33333%5}');
    if (q.qtype !== 'multichoice') throw new Error(q.qtype);
    expect(q.single).toBe(false);
    expect(q.answers.slice(0, 3).map((a) => a.fraction)).toEqual([0.5, 0.5, -1]);
    expect(q.answers[3]?.fraction).toBeCloseTo(0.3333333, 9);
  });
  it('an answer without = or ~ before it in a ~ block is a wrong option (no right answer)', () => {
    const q = one('Сұрақ {\nДұрыс жауап\n~Қате 1\n~Қате 2\n}');
    expect(q.qtype === 'multichoice' && q.answers.map((a) => [a.text.text, a.fraction])).toEqual([
      ['Дұрыс жауап', 0],
      ['Қате 1', 0],
      ['Қате 2', 0],
    ]);
  });
  it('true/false: T, TRUE, F, FALSE (upper case only), first # for a wrong answer, second for a right one', () => {
    expect(one('Жер домалақ.{TRUE#Қайта ойлан#Дұрыс}')).toMatchObject({
      qtype: 'truefalse',
      correct: true,
      feedbacktrue: md('Дұрыс'),
      feedbackfalse: md('Қайта ойлан'),
    });
    expect(one('Ай жарық береді.{F#Ай шағылыстырады#Иә}')).toMatchObject({
      correct: false,
      feedbacktrue: md('Ай шағылыстырады'),
      feedbackfalse: md('Иә'),
    });
    expect(one('Иә ма?{true}').qtype).toBe('shortanswer');
  });
  it('matching: =left -> right pairs; an empty left side is a distractor; feedback stays in the answer', () => {
    expect(one('Сәйкестендір.{=1/2 -> 0,5 =1/4 -> 0,25 = -> 0,2}')).toMatchObject({
      qtype: 'match',
      subquestions: [
        { text: md('1/2'), answer: '0,5' },
        { text: md('1/4'), answer: '0,25' },
        { text: md(''), answer: '0,2' },
      ],
    });
    const q = one('Жұп.{=а -> б#кері =в -> г}');
    expect(q.qtype === 'match' && q.subquestions[0]?.answer).toBe('б#кері');
  });
  it('short answer: = answers, all full marks unless weighted', () => {
    expect(one('Екі қосу екі?{=төрт =%50%4#Сан ғана}')).toMatchObject({
      qtype: 'shortanswer',
      answers: [
        { text: md('төрт'), fraction: 1, feedback: md('') },
        { text: md('4'), fraction: 0.5, feedback: md('Сан ғана') },
      ],
    });
  });
  it('numerical: value, value:tolerance, min..max, weights and a ~ wrong-answer feedback', () => {
    expect(one('Жыл?{#=1822:0#Дәл =%50%1822:2 ~#Жоқ}')).toMatchObject({
      qtype: 'numerical',
      answers: [
        { answer: '1822', tolerance: '0', fraction: 1 },
        { answer: '1822', tolerance: '2', fraction: 0.5 },
        { answer: '*', tolerance: '', fraction: 0, feedback: md('Жоқ') },
      ],
    });
    expect(one('Сан?{#1..5}')).toMatchObject({ answers: [{ answer: '3', tolerance: '2' }] });
    expect(one('Пи?{#3.14}')).toMatchObject({ answers: [{ answer: '3.14', tolerance: '0' }] });
    // Moodle's own check assigns `*` to an answer that is not a number, and keeps the question.
    expect(one('Сан?{#бес:1}')).toMatchObject({ answers: [{ answer: '*', tolerance: '1' }] });
  });
  it('missing word: a block inside the sentence leaves _____ in its place', () => {
    expect(one('Бөлшектің төменгі саны {=бөлім ~алым} деп аталады.')).toMatchObject({
      missingWord: true,
      questiontext: md('Бөлшектің төменгі саны _____ деп аталады.'),
    });
  });
  it('a $CATEGORY: block switches the category', () => {
    expect(readGift('$CATEGORY: Математика/Бөлшектер\n\nA?{T}').items).toMatchObject([
      { qtype: 'category', category: 'Математика/Бөлшектер' },
      { qtype: 'truefalse' },
    ]);
  });
});

describe('GIFT as Moodle reads it: what Moodle refuses, with the line named', () => {
  it('a { without } or a } without { (braceerror), at the brace', () => {
    expect(refusals('::Сынық::Мәтін {\n  =дұрыс\n  ~бұрыс\n\n::Келесі::Дұрыс{T}')).toEqual([
      '1:16 giftBraces',
    ]);
    expect(refusals('A?{T}\n\nМәтін }')).toEqual(['3:7 giftBraces']);
  });
  it('a multiple choice with one answer, a matching with one pair (importminerror)', () => {
    expect(refusals('A?{~жалғыз}')).toEqual(['1:null oneChoice']);
    expect(refusals('A?{=а -> б}')).toEqual(['1:null giftMatchPairs']);
  });
  it('a matching answer without -> (giftmatchingformat)', () => {
    expect(refusals('A?{=а -> б =в}')).toEqual(['1:null giftMatchArrow']);
  });
  it('a numerical question without answers or with a tolerance that is not a number', () => {
    expect(refusals('A?{#}')).toEqual(['1:null noAnswers']);
    // `{#=}` has one answer, "": not a number, so Moodle's check makes it `*` and keeps it.
    expect(refusals('A?{#=}')).toEqual([]);
    expect(refusals('A?{#5:шамамен}')).toEqual(['1:null notANumber']);
    expect(refusals('A?{#а..б}')).toEqual(['1:null notANumber']);
  });
  it('a weight PHP cannot divide (Moodle stops on it)', () => {
    expect(refusals('A?{~%--50%а ~б}')).toEqual(['1:null giftWeight']);
  });
  it('every refused question is named, and the file is refused whole', () => {
    const out = importGift('A?{\n\nB?{~x}\n\nC?{T}', 'x.gift');
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.errors.map((e) => [e.code, e.line, e.params['reason']])).toEqual([
      ['giftRefused', 1, 'giftBraces'],
      ['giftRefused', 3, 'oneChoice'],
    ]);
  });
});

describe('GIFT into Sabaq modules', () => {
  it('maps Moodle question types to choice, select, connection, description; others are reported', () => {
    const out = importGift(
      [
        '::Д::Кіріспе мәтін.',
        '::Т::Жер домалақ.{T}',
        '::Б::Қазақстан {=Астана ~Алматы} астанасы.',
        '::С::Сәйкестендір.{=а -> 1 =б -> 2}',
        '::Э::Жазыңыз.{}',
        '::Қ::Екі?{=екі}',
        '::Н::Сан?{#2}',
      ].join('\n\n'),
      'm.gift',
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.bank.questions.map((q) => [q.title, q.kind])).toEqual([
      ['Д', 'description'],
      ['Т', 'choice'],
      ['Б', 'select'],
      ['С', 'connection'],
    ]);
    expect(out.bank.unsupported.map((u) => [u.title, u.type, u.source.line])).toEqual([
      ['Э', 'essay', 9],
      ['Қ', 'shortanswer', 11],
      ['Н', 'numerical', 13],
    ]);
  });
});
