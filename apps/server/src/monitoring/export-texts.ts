import type { Locale, MonitoringExport, QuestionnaireGroupType } from '@sabaq/platform';
import { MONITORING_EXPORT_PAGES_MAX } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The words of the monitoring exports (titles, column headers, statuses) and their refusals. */
export const EXPORT_LABELS = {
  kz: {
    title: 'Сауалнама мониторингі',
    schoolTitle: 'Сауалнама мониторингі: ұйым респонденттері',
    pagesTitle: 'Сауалнама мониторингі: ұйымдар бойынша респонденттер',
    exported: 'Жүктеп алынған күні',
    period: 'Кезең',
    questionnaire: 'Сауалнама',
    name: 'Атауы',
    organizations: 'Ұйымдар',
    expected: 'Респонденттер',
    submitted: 'Жіберілді',
    drafts: 'Толтырылуда',
    completion: 'Толтырылуы, %',
    score: 'Нәтиже, %',
    total: 'Барлығы',
    groups: 'Сұрақтар бөлімдері бойынша нәтиже, %',
    number: '№',
    person: 'Аты-жөні',
    position: 'Лауазымы',
    type: 'Респондент түрі',
    status: 'Мәртебесі',
    submittedAt: 'Жіберілген күні',
    answers: 'Сұрақтар бөлімдері бойынша жауаптар',
    responses: 'Жіберілген жауаптар',
    question: 'Сұрақ',
    answered: 'Жауап бергендер',
    option: 'Жауап нұсқасы',
    count: 'Саны',
    mean: 'Орташа мәні',
    noOrganizations: 'Таңдалған бөлікте ұйымдар жоқ',
    noQuestionnaire: 'Бұл респонденттерге сауалнама жоқ',
    sheetCompletion: 'Толтырылуы',
    sheetGroups: 'Бөлімдер',
    sheetRespondents: 'Респонденттер',
    sheetAnswers: 'Жауаптар',
  },
  ru: {
    title: 'Мониторинг анкетирования',
    schoolTitle: 'Мониторинг анкетирования: респонденты организации',
    pagesTitle: 'Мониторинг анкетирования: респонденты по организациям',
    exported: 'Дата выгрузки',
    period: 'Период',
    questionnaire: 'Анкета',
    name: 'Наименование',
    organizations: 'Организаций',
    expected: 'Респондентов',
    submitted: 'Отправлено',
    drafts: 'Заполняются',
    completion: 'Заполнено, %',
    score: 'Результат, %',
    total: 'Итого',
    groups: 'Результат по разделам вопросов, %',
    number: '№',
    person: 'ФИО',
    position: 'Должность',
    type: 'Тип респондента',
    status: 'Статус',
    submittedAt: 'Дата отправки',
    answers: 'Ответы по разделам вопросов',
    responses: 'Отправленных ответов',
    question: 'Вопрос',
    answered: 'Ответили',
    option: 'Вариант ответа',
    count: 'Количество',
    mean: 'Среднее',
    noOrganizations: 'В выбранной части нет организаций',
    noQuestionnaire: 'Для этих респондентов анкеты нет',
    sheetCompletion: 'Заполнение',
    sheetGroups: 'Разделы',
    sheetRespondents: 'Респонденты',
    sheetAnswers: 'Ответы',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ExportLabels = (typeof EXPORT_LABELS)[Locale];

export const STATUS_NAMES = {
  new: { kz: 'Басталмаған', ru: 'Не начата' },
  draft: { kz: 'Толтырылуда', ru: 'Заполняется' },
  submitted: { kz: 'Жіберілді', ru: 'Отправлена' },
} as const satisfies Record<string, Record<Locale, string>>;

export const TYPE_NAMES: Record<QuestionnaireGroupType, Record<Locale, string>> = {
  teacher: { kz: 'Мектеп мұғалімі', ru: 'Учитель школы' },
  garden: { kz: 'Тәрбиеші', ru: 'Воспитатель' },
  director: { kz: 'Ұйым басшысы', ru: 'Руководитель организации' },
};

const KZ_OFFSET_MS = 5 * 3_600_000;

/** `dd.mm.yyyy` in Kazakhstan time (UTC+5), whatever the server's zone. */
export function formatDate(value: string | Date | number): string {
  const shifted = new Date(new Date(value).getTime() + KZ_OFFSET_MS).toISOString();
  return `${shifted.slice(8, 10)}.${shifted.slice(5, 7)}.${shifted.slice(0, 4)}`;
}

/** A figure as kz and ru write it (decimal comma); no figure: a dash. */
export function formatNumber(value: number | null): string {
  return value === null ? '—' : String(value).replace('.', ',');
}

const FILE_STEMS: Record<MonitoringExport, Record<Locale, string>> = {
  'node-xlsx': { kz: 'Мониторинг', ru: 'Мониторинг' },
  'node-pdf': { kz: 'Мониторинг', ru: 'Мониторинг' },
  'school-xlsx': { kz: 'Мониторинг респонденттері', ru: 'Мониторинг респонденты' },
  'school-pdf': { kz: 'Мониторинг респонденттері', ru: 'Мониторинг респонденты' },
  'pages-xlsx': { kz: 'Мониторинг ұйымдар', ru: 'Мониторинг организации' },
};

/**
 * The file's name in the reader's language (`filename*`) and an ASCII one for clients that read
 * only `filename`: `monitoring-<export>-<yyyy-mm-dd>.<ext>`.
 */
export function nameExportFile(
  kind: MonitoringExport,
  locale: Locale,
  subject: string,
  at: number,
): { name: string; ascii: string } {
  const ext = kind.endsWith('pdf') ? 'pdf' : 'xlsx';
  const date = formatDate(at);
  const clean = subject
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  const name = [FILE_STEMS[kind][locale], clean, date].filter(Boolean).join(' ');
  const iso = `${date.slice(6)}-${date.slice(3, 5)}-${date.slice(0, 2)}`;
  return { name: `${name}.${ext}`, ascii: `monitoring-${kind}-${iso}.${ext}` };
}

/** `attachment` with both names (RFC 6266; RFC 8187 for the UTF-8 one). */
export function contentDisposition(file: { name: string; ascii: string }): string {
  const encoded = encodeURIComponent(file.name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${file.ascii}"; filename*=UTF-8''${encoded}`;
}

export const EXPORT_MESSAGES = {
  too_many_organizations: {
    kz: `Таңдалған бөлікте ұйымдар тым көп ({count}, ең көбі ${MONITORING_EXPORT_PAGES_MAX}): өңірді, бөлімді немесе ұйымдарды таңдап, аумақты тарылтыңыз`,
    ru: `В выбранной части слишком много организаций ({count}, не больше ${MONITORING_EXPORT_PAGES_MAX}): сузьте выбор — выберите регион, отдел или организации`,
  },
  export_not_ready: {
    kz: 'Файл әлі дайындалуда: біраздан кейін қайталаңыз',
    ru: 'Файл ещё готовится: повторите чуть позже',
  },
  export_file_gone: {
    kz: 'Файл сақталмады немесе өшірілді: экспортты қайта жасаңыз',
    ru: 'Файл не сохранился или удалён: сделайте выгрузку заново',
  },
  export_font_missing: {
    kz: 'PDF жасау үшін қаріп орнатылмаған: әкімшіге хабарласыңыз',
    ru: 'Для PDF не установлен шрифт: обратитесь к администратору',
  },
} as const satisfies Record<string, Record<Locale, string>>;

const STATUS_KEY = {
  404: 'not_found',
  409: 'validation_failed',
  422: 'validation_failed',
  503: 'server_unavailable',
} as const;

/** A refusal of the exports in the reader's language. */
export class ExportError extends CatalogueError {
  constructor(
    status: keyof typeof STATUS_KEY,
    key: keyof typeof EXPORT_MESSAGES,
    params: Record<string, string | number> = {},
  ) {
    super(status, STATUS_KEY[status], EXPORT_MESSAGES[key], undefined, params);
  }
}
