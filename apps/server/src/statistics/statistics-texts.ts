import type { Locale, MessageKey } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The statistics routes' own kz/ru answers. */
export const STATISTICS_MESSAGES = {
  statistics_no_school: {
    kz: 'Статистика мектепке бекітілген басшыға ашық',
    ru: 'Статистика доступна руководителю, закреплённому за школой',
  },
  statistics_period_not_found: {
    kz: 'Мектепте мұндай оқу кезеңі жоқ',
    ru: 'В школе нет такого учебного периода',
  },
  statistics_group_not_found: {
    kz: 'Мұндай сынып табылмады',
    ru: 'Такой класс не найден',
  },
  statistics_no_scope: {
    kz: 'Тіркелгіңізге өңір немесе білім бөлімі бекітілмеген: әкімшіге хабарласыңыз',
    ru: 'За вашей учётной записью не закреплены регион или отдел образования: обратитесь к администратору',
  },
  statistics_node_not_found: {
    kz: 'Мұндай өңір, бөлім, мектеп немесе сынып табылмады',
    ru: 'Такой регион, отдел, школа или класс не найдены',
  },
  statistics_no_year: {
    kz: 'Ағымдағы оқу жылы әлі белгіленбеген',
    ru: 'Текущий учебный год ещё не задан',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type StatisticsMessageKey = keyof typeof STATISTICS_MESSAGES;

const STATUS_KEY: Record<number, MessageKey> = { 403: 'forbidden', 404: 'not_found' };

export class StatisticsError extends CatalogueError {
  constructor(status: 403 | 404, key: StatisticsMessageKey) {
    super(status, STATUS_KEY[status]!, STATISTICS_MESSAGES[key]);
  }
}
