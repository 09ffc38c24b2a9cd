import type { Locale, MessageKey } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The contests' own kz/ru answers. */
export const CONTEST_MESSAGES = {
  not_found: { kz: 'Мұндай байқау табылмады', ru: 'Такой конкурс не найден' },
  entry_not_found: { kz: 'Мұндай жұмыс табылмады', ru: 'Такая работа не найдена' },
  not_open: {
    kz: 'Байқауға жұмыс қабылдау жабық',
    ru: 'Приём работ на конкурс закрыт',
  },
  not_judging: {
    kz: 'Жұмыстар қабылдау аяқталғаннан кейін бағаланады',
    ru: 'Работы оцениваются после окончания приёма',
  },
  already_published: {
    kz: 'Байқау нәтижелері жарияланған: бағаны өзгертуге болмайды',
    ru: 'Результаты конкурса опубликованы: оценки изменить нельзя',
  },
  unscored: {
    kz: 'Әр жұмыс кемінде бір рет бағалануы керек (бағаланбағаны: {count})',
    ru: 'Каждая работа должна быть оценена хотя бы раз (не оценено: {count})',
  },
  draft_not_yours: {
    kz: 'Байқауға өзіңіз жариялаған материалды ғана ұсына аласыз',
    ru: 'На конкурс можно подать только свой опубликованный материал',
  },
  draft_unfit: {
    kz: 'Бұл материал байқау шарттарына сәйкес келмейді (түрі, тілі, пәні немесе сыныбы)',
    ru: 'Материал не подходит под условия конкурса (тип, язык, предмет или класс)',
  },
  already_entered: {
    kz: 'Бұл материал байқауға бұрын ұсынылған',
    ru: 'Этот материал уже подан на конкурс',
  },
  criterion_missing: {
    kz: 'Бұл критерий бойынша балл қойыңыз',
    ru: 'Поставьте балл по этому критерию',
  },
  criterion_over: { kz: 'Ең көбі {max} балл', ru: 'Не больше {max} баллов' },
  criterion_unknown: { kz: 'Байқауда мұндай критерий жоқ', ru: 'В конкурсе нет такого критерия' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ContestMessageKey = keyof typeof CONTEST_MESSAGES;

const STATUS_KEY: Record<number, MessageKey> = {
  403: 'forbidden',
  404: 'not_found',
  409: 'validation_failed',
  422: 'validation_failed',
};

export class ContestError extends CatalogueError {
  constructor(
    status: 403 | 404 | 409 | 422,
    key: ContestMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(status, STATUS_KEY[status]!, CONTEST_MESSAGES[key], field, params);
  }
}
