import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of the individual developmental cards and the development map (issue 15). */
const kz = {
  cardsTitle: 'Жеке даму карталары',
  mapTitle: 'Даму картасы',
  gardenMonitoringTitle: 'Балабақша мониторингі',
  loading: 'Жүктелуде…',
  stage: 'Бақылау кезеңі',
  noGroups: 'Сізге бекітілген балабақша тобы жоқ',
  child: 'Бала',
  children: 'Балалар',
  overall: 'Жалпы деңгей',
  assessed: 'Бағаланған дағдылар',
  openCard: '{name}: картаны ашу',
  openGroup: '{name} тобын ашу',
  group: 'Топ',
  ageGroup: 'Жас тобы',
  born: 'Туған күні',
  skill: 'Дағды',
  areaLevel: 'Сала деңгейі',
  notAssessed: 'Бағаланбаған',
  levelFor: '{skill}: {stage}',
  saved: 'Сақталды',
  saveFailed: 'Сақталмады: {message}',
  readOnly: 'Картаны тек топ тәрбиешісі толтырады',
  distribution: 'Деңгейлердің салалар бойынша бөлінуі',
  area: 'Білім беру саласы',
  level1: 'I деңгей',
  level2: 'II деңгей',
  level3: 'III деңгей',
  none: 'Бағаланбаған',
  chartNote: 'Диаграмманың деректері төмендегі кестеде',
  filled: 'Картасы толтырылғандар',
  back: 'Топтар тізіміне оралу',
  backToGroup: 'Топқа оралу',
  nothing: 'Бұл кезеңде әзірге бағаланған бала жоқ',
  notes: 'Пікір мен ұсыныс',
  comment: 'Пікір',
  recommendation: 'Даму бойынша ұсыныс',
  noteStage: 'Қай кезеңге',
  saveNote: 'Сақтау',
  noteSaved: 'Пікір сақталды',
  noNotes: 'Әзірге пікір жазылмаған',
};
type Texts = Record<keyof typeof kz, string>;
const ru: Texts = {
  cardsTitle: 'Индивидуальные карты развития',
  mapTitle: 'Карта развития',
  gardenMonitoringTitle: 'Мониторинг детского сада',
  loading: 'Загрузка…',
  stage: 'Этап контроля',
  noGroups: 'За вами не закреплены группы детского сада',
  child: 'Ребёнок',
  children: 'Дети',
  overall: 'Общий уровень',
  assessed: 'Оценённые навыки',
  openCard: '{name}: открыть карту',
  openGroup: 'Открыть группу {name}',
  group: 'Группа',
  ageGroup: 'Возрастная группа',
  born: 'Дата рождения',
  skill: 'Навык',
  areaLevel: 'Уровень области',
  notAssessed: 'Не оценён',
  levelFor: '{skill}: {stage}',
  saved: 'Сохранено',
  saveFailed: 'Не сохранено: {message}',
  readOnly: 'Карту заполняет воспитатель группы',
  distribution: 'Распределение уровней по областям',
  area: 'Образовательная область',
  level1: 'I уровень',
  level2: 'II уровень',
  level3: 'III уровень',
  none: 'Не оценены',
  chartNote: 'Данные диаграммы — в таблице ниже',
  filled: 'Карта заполнена',
  back: 'К списку групп',
  backToGroup: 'К группе',
  nothing: 'На этом этапе пока нет оценённых детей',
  notes: 'Комментарий и рекомендация',
  comment: 'Комментарий',
  recommendation: 'Рекомендация по развитию',
  noteStage: 'К какому этапу',
  saveNote: 'Сохранить',
  noteSaved: 'Комментарий сохранён',
  noNotes: 'Комментариев пока нет',
};

const TEXTS: Record<UiLang, Texts> = { kz, ru };
export type DevelopmentTextKey = keyof Texts;

export function developmentText(lang: UiLang = currentUiLang()) {
  return (key: DevelopmentTextKey, params: Record<string, string | number> = {}) =>
    TEXTS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
}
export type DevelopmentTexts = ReturnType<typeof developmentText>;
export const DEVELOPMENT_TEXTS = TEXTS;
