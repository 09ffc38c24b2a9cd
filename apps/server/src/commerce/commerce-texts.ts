import type { Locale } from '@sabaq/platform';
import { CatalogueError, withParams } from '../http/errors';

/** Commerce's own kz/ru answers (the backoffice pattern: a catalogue per domain). */
export const COMMERCE_MESSAGES = {
  payment_not_connected: {
    kz: 'Картамен төлеу бұл серверге қосылмаған. Балансыңыздан төлеңіз немесе әкімшіге хабарласыңыз',
    ru: 'Оплата картой на этом сервере не подключена. Оплатите с баланса или обратитесь к администратору',
  },
  signature_invalid: {
    kz: 'Төлем хабарламасының қолтаңбасы жарамсыз',
    ru: 'Подпись уведомления о платеже недействительна',
  },
  tariff_unknown: { kz: 'Мұндай тариф жоқ', ru: 'Такого тарифа нет' },
  tariff_not_purchasable: {
    kz: 'Бұл тариф мектеппен келісім арқылы ғана қосылады',
    ru: 'Этот тариф подключается только по договору со школой',
  },
  tariff_not_for_role: {
    kz: 'Бұл тариф сіздің рөліңізге арналмаған: ол ашатын бөлімдер сізге қолжетімсіз',
    ru: 'Этот тариф не для вашей роли: разделы, которые он открывает, вам недоступны',
  },
  balance_insufficient: {
    kz: 'Балансыңызда қаражат жеткіліксіз: керегі {price} ₸, балансыңызда {balance} ₸',
    ru: 'Недостаточно средств на балансе: нужно {price} ₸, на балансе {balance} ₸',
  },
  invoice_not_found: { kz: 'Мұндай төлем жоқ', ru: 'Такого платежа нет' },
  receipt_font_missing: {
    kz: 'Түбіртек жасалмады: серверде қаріп жоқ (fonts-dejavu-core)',
    ru: 'Квитанция не создана: на сервере нет шрифта (fonts-dejavu-core)',
  },
  entry_not_found: { kz: 'Мұндай төлем жазбасы жоқ', ru: 'Такой записи о платеже нет' },
} as const satisfies Record<string, Record<Locale, string>>;

export type CommerceMessageKey = keyof typeof COMMERCE_MESSAGES;

export function commerceText(
  key: CommerceMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return withParams(COMMERCE_MESSAGES[key][locale], params);
}

export class CommerceError extends CatalogueError {
  constructor(
    status: 401 | 404 | 422 | 503,
    readonly commerceKey: CommerceMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404
        ? 'not_found'
        : status === 422
          ? 'validation_failed'
          : status === 401
            ? 'unauthorized'
            : 'generic',
      COMMERCE_MESSAGES[commerceKey],
      field,
      params,
    );
  }
}

/** Ledger descriptions, stored in both languages at the time of the movement. */
export function ledgerDescription(
  kind: 'top_up' | 'purchase' | 'refund',
  tariff: { name_kz: string; name_ru: string } | null,
): { kz: string; ru: string } {
  if (kind === 'top_up')
    return { kz: 'Балансты картамен толтыру', ru: 'Пополнение баланса картой' };
  if (kind === 'refund') return { kz: 'Қайтару', ru: 'Возврат' };
  return {
    kz: `Тарифті сатып алу: ${tariff?.name_kz ?? ''}`,
    ru: `Покупка тарифа: ${tariff?.name_ru ?? ''}`,
  };
}
