import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** kz/ru answers of refunds (commerce-texts.ts pattern). */
export const REFUND_MESSAGES = {
  refund_entry_not_found: { kz: 'Мұндай төлем жазбасы жоқ', ru: 'Такой записи о платеже нет' },
  refund_not_purchase: {
    kz: '№{id} жазба — сатып алу емес ({kind}): тек тариф сатып алуды қайтаруға болады',
    ru: 'Запись №{id} — не покупка ({kind}): вернуть можно только покупку тарифа',
  },
  refund_twice: {
    kz: '№{id} сатып алу бұрын қайтарылған (№{refund} қайтару). Ештеңе өзгерген жоқ',
    ru: 'Покупка №{id} уже возвращена (возврат №{refund}). Ничего не изменилось',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type RefundMessageKey = keyof typeof REFUND_MESSAGES;

export class RefundError extends CatalogueError {
  constructor(
    status: 404 | 409 | 422,
    readonly refundKey: RefundMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 409 ? 'generic' : 'validation_failed',
      REFUND_MESSAGES[refundKey],
      field,
      params,
    );
  }
}

/** The kinds as a person reads them inside the 422 message. */
export const KIND_WORDS = {
  top_up: { kz: 'толтыру', ru: 'пополнение' },
  purchase: { kz: 'сатып алу', ru: 'покупка' },
  refund: { kz: 'қайтару', ru: 'возврат' },
} as const;

/**
 * The refund row's description, stored in both languages at the time of the refund: which
 * purchase it returns (its number and what was bought) and the administrator's reason.
 */
export function refundDescription(
  purchase: { id: number; description_kz: string; description_ru: string },
  reason: string,
): { kz: string; ru: string } {
  return {
    kz: `№${purchase.id} сатып алуды қайтару (${purchase.description_kz}). Себебі: ${reason}`,
    ru: `Возврат покупки №${purchase.id} (${purchase.description_ru}). Причина: ${reason}`,
  };
}
