import type { ApiError, Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The kindergarten document sections' own kz/ru answers. */
export const KINDERGARTEN_MESSAGES = {
  kindergarten_document_not_found: { kz: 'Мұндай құжат жоқ', ru: 'Такого документа нет' },
  kindergarten_file_not_found: { kz: 'Мұндай файл жоқ', ru: 'Такого файла нет' },
  kindergarten_file_invalid: {
    kz: 'Файлды алдымен жүктеңіз: мұндай файл табылмады',
    ru: 'Сначала загрузите файл: такой файл не найден',
  },
  kindergarten_locked: {
    kz: 'Балабақша бөлімдері «Балабақша» жазылымымен ашылады. Тарифті таңдаңыз',
    ru: 'Разделы детского сада открываются по подписке «Детский сад». Выберите тариф',
  },
  katalog_not_kindergarten: {
    kz: 'Каталогты тек балабақша қызметкерлері толтырады',
    ru: 'Каталог заполняют только сотрудники детского сада',
  },
  katalog_material_not_found: { kz: 'Мұндай материал жоқ', ru: 'Такого материала нет' },
  cyclogram_group_not_found: { kz: 'Мұндай топ жоқ', ru: 'Такой группы нет' },
  cyclogram_no_previous: {
    kz: 'Алдыңғы аптаның циклограммасы жоқ: көшіретін ештеңе жоқ',
    ru: 'Циклограммы прошлой недели нет: копировать нечего',
  },
  plan_item_not_found: {
    kz: 'Перспективалық жоспарда мұндай мақсат жоқ',
    ru: 'Такой цели в перспективном плане нет',
  },
  plan_nothing_to_copy: {
    kz: 'Таңдалған айдың жоспары бос: көшіретін ештеңе жоқ',
    ru: 'План выбранного месяца пуст: копировать нечего',
  },
  cyclogram_font_missing: {
    kz: 'PDF жасауға қаріп табылмады',
    ru: 'Не найден шрифт для PDF',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type KindergartenMessageKey = keyof typeof KINDERGARTEN_MESSAGES;

/**
 * An answer of the kindergarten routes in the reader's language. A 423 carries the redirect of
 * the route table's `subscriptionFallback` (`/{lang}/tariffs`), as media's gate carries its own.
 */
export class KindergartenError extends CatalogueError {
  constructor(
    status: 403 | 404 | 422 | 423 | 503,
    readonly kindergartenKey: KindergartenMessageKey,
    field?: string,
    readonly redirect?: string,
  ) {
    super(
      status,
      status === 403
        ? 'forbidden'
        : status === 404
          ? 'not_found'
          : status === 423
            ? 'subscription_locked'
            : status === 503
              ? 'generic'
              : 'validation_failed',
      KINDERGARTEN_MESSAGES[kindergartenKey],
      field,
      {},
    );
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const body = super.toBody(locale);
    return this.redirect ? { ...body, redirect: this.redirect } : body;
  }
}
