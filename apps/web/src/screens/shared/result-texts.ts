import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of exam results (issue 20): the teacher's override and the re-grade, kz and ru. */
const kz = {
  overrideTitle: 'Бағаны өзгерту',
  points: 'Балл (0–{max})',
  comment: 'Түсініктеме',
  commentHint: 'Оқушы бұл түсініктемені көреді',
  save: 'Бағаны сақтау',
  remove: 'Өзгертуді алып тастау',
  computed: 'Автоматты есептелген балл: {score} / {max}',
  overridden: 'Мұғалім өзгерткен балл: {points} / {max}',
  saved: 'Баға сақталды',
  removed: 'Өзгерту алынды: есептелген балл қайта қолданылады',
  teacherComment: 'Мұғалімнің түсініктемесі',
  regradeTitle: 'Тапсырылған жұмыстарды қайта бағалау',
  regradeIntro:
    '«{title}» жаңа нұсқасы ({version}) жарияланды. Оқушылар алдыңғы нұсқасын тапсырған. Жұмыстарды жаңа нұсқа бойынша қайта бағалау керек пе? Ескі нәтижелер сақталады.',
  pupil: 'Оқушы',
  lesson: 'Сабақ',
  oldPoints: 'Бұрын',
  newPoints: 'Жаңа нұсқа бойынша',
  final: 'Қорытынды',
  keptOverride: 'мұғалімнің бағасы {points} қалады',
  unchanged: 'өзгермейді',
  pending: 'ашық жауап тексеруді күтеді',
  confirm: 'Қайта бағалау',
  decline: 'Ескі нұсқада қалдыру',
  done: 'Қайта бағаланды: {count} жұмыс',
  loading: 'Жүктелуде…',
};
const ru: typeof kz = {
  overrideTitle: 'Изменить баллы',
  points: 'Баллы (0–{max})',
  comment: 'Комментарий',
  commentHint: 'Ученик увидит этот комментарий',
  save: 'Сохранить баллы',
  remove: 'Убрать изменение',
  computed: 'Подсчитано автоматически: {score} / {max}',
  overridden: 'Баллы учителя: {points} / {max}',
  saved: 'Баллы сохранены',
  removed: 'Изменение убрано: снова действуют подсчитанные баллы',
  teacherComment: 'Комментарий учителя',
  regradeTitle: 'Перепроверить сданные работы',
  regradeIntro:
    'Опубликована новая версия ({version}) «{title}». Ученики сдали предыдущую. Перепроверить работы по новой версии? Прежние результаты сохранятся.',
  pupil: 'Ученик',
  lesson: 'Урок',
  oldPoints: 'Было',
  newPoints: 'По новой версии',
  final: 'Итог',
  keptOverride: 'остаются баллы учителя: {points}',
  unchanged: 'без изменений',
  pending: 'открытый ответ ждёт проверки',
  confirm: 'Перепроверить',
  decline: 'Оставить на прежней версии',
  done: 'Перепроверено работ: {count}',
  loading: 'Загрузка…',
};
export const RESULT_TEXTS: Record<UiLang, typeof kz> = { kz, ru };

export function resultText(lang: UiLang = currentUiLang()) {
  const dict = RESULT_TEXTS[lang];
  return (key: keyof typeof kz, values?: Record<string, string | number>): string => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
