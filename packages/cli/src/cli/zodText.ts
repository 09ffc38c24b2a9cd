/**
 * The engine reports schema issues with zod's English messages. People reading `sabaq` output
 * get the common ones in Kazakh or Russian; anything else is shown as zod wrote it.
 */
import type { CliLang } from './i18n.js';

const TYPES: Record<string, { kz: string; ru: string }> = {
  number: { kz: 'сан', ru: 'число' },
  string: { kz: 'мәтін', ru: 'строка' },
  boolean: { kz: 'true/false', ru: 'true/false' },
  array: { kz: 'тізім', ru: 'список' },
  object: { kz: 'объект', ru: 'объект' },
  null: { kz: 'null', ru: 'null' },
  undefined: { kz: 'мән жоқ', ru: 'нет значения' },
};
const ty = (lang: CliLang, t: string): string => TYPES[t]?.[lang] ?? t;

export function zodText(lang: CliLang, message: string): string {
  const kz = lang === 'kz';
  let m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (m)
    return kz
      ? `түрі қате: ${ty(lang, m[1] ?? '')} керек, ${ty(lang, m[2] ?? '')} берілген`
      : `неверный тип: нужно ${ty(lang, m[1] ?? '')}, получено ${ty(lang, m[2] ?? '')}`;
  m = /^Too big: expected \w+ to have <=?(\d+) (characters|items)/.exec(message);
  if (m)
    return kz
      ? `тым үлкен: ең көбі ${m[1]} ${m[2] === 'items' ? 'элемент' : 'таңба'}`
      : `слишком много: не больше ${m[1]} ${m[2] === 'items' ? 'элементов' : 'символов'}`;
  m = /^Too big: expected number to be <=?(-?[\d.]+)/.exec(message);
  if (m) return kz ? `тым үлкен: ең көбі ${m[1]}` : `слишком большое: не больше ${m[1]}`;
  m = /^Too small: expected \w+ to have >=?(\d+) (characters|items)/.exec(message);
  if (m)
    return kz
      ? `тым аз: кемінде ${m[1]} ${m[2] === 'items' ? 'элемент' : 'таңба'}`
      : `слишком мало: не меньше ${m[1]} ${m[2] === 'items' ? 'элементов' : 'символов'}`;
  m = /^Too small: expected number to be >=?(-?[\d.]+)/.exec(message);
  if (m) return kz ? `тым кіші: кемінде ${m[1]}` : `слишком маленькое: не меньше ${m[1]}`;
  m = /^Invalid option: expected one of (.*)$/.exec(message);
  if (m)
    return kz
      ? `рұқсат етілмеген мән; мүмкіні: ${m[1]}`
      : `недопустимое значение; возможно: ${m[1]}`;
  m = /^Invalid input: expected (.+)$/.exec(message);
  if (m) return kz ? `жарамсыз мән: ${m[1]} керек` : `недопустимое значение: нужно ${m[1]}`;
  if (/^Invalid string: must match pattern/.test(message))
    return kz
      ? 'жарамсыз пішім (рұқсат етілмеген таңбалар)'
      : 'недопустимый формат (запрещённые символы)';
  m = /^Unrecognized keys?: (.*)$/.exec(message);
  if (m) return kz ? `белгісіз өріс: ${m[1]}` : `неизвестное поле: ${m[1]}`;
  m = /^an id is 1-(\d+) characters of (.*)$/.exec(message);
  if (m)
    return kz ? `id 1–${m[1]} таңбадан тұрады: ${m[2]}` : `id — от 1 до ${m[1]} символов: ${m[2]}`;
  if (message === 'a draft must be a JSON object')
    return kz ? 'драфт JSON объектісі болуы керек' : 'драфт должен быть JSON-объектом';
  return message;
}
