import type { UiLang } from '@sabaq/platform';

/**
 * The card provider's decline reasons (CloudPayments `Reason`, e.g. `InsufficientFunds`) as a
 * person reads them in kz and ru (issue 29: never the provider's code on screen). An unknown
 * reason reads as a plain decline with the advice to ask the bank.
 */
const REASONS: Record<string, { kz: string; ru: string }> = {
  InsufficientFunds: {
    kz: 'картада қаражат жеткіліксіз',
    ru: 'на карте недостаточно средств',
  },
  ExpiredCard: { kz: 'картаның мерзімі өтіп кеткен', ru: 'срок действия карты истёк' },
  LostCard: { kz: 'карта жоғалған деп белгіленген', ru: 'карта отмечена как утерянная' },
  StolenCard: { kz: 'карта бұғатталған', ru: 'карта заблокирована' },
  RestrictedCard: {
    kz: 'картамен мұндай төлем жасауға болмайды',
    ru: 'по этой карте такой платёж запрещён',
  },
  TransactionNotPermitted: {
    kz: 'картамен мұндай төлем жасауға болмайды',
    ru: 'по этой карте такой платёж запрещён',
  },
  CardNotSupported: { kz: 'бұл карта қабылданбайды', ru: 'эта карта не принимается' },
  InvalidCardNumber: { kz: 'карта нөмірі қате', ru: 'неверный номер карты' },
  AuthenticationFailed: {
    kz: '3-D Secure растауы өтпеді',
    ru: 'не пройдено подтверждение 3-D Secure',
  },
  ExceedWithdrawalFrequency: {
    kz: 'карта бойынша лимит асып кетті',
    ru: 'превышен лимит по карте',
  },
  DoNotHonor: { kz: 'банк төлемді қабылдамады', ru: 'банк отклонил платёж' },
  Declined: { kz: 'банк төлемді қабылдамады', ru: 'банк отклонил платёж' },
  SuspectedFraud: {
    kz: 'банк төлемді күдікті деп тоқтатты',
    ru: 'банк остановил платёж как подозрительный',
  },
  Timeout: { kz: 'банк уақытында жауап бермеді', ru: 'банк не ответил вовремя' },
  SystemError: { kz: 'банк жүйесінде қате болды', ru: 'ошибка в системе банка' },
};

const UNKNOWN = {
  kz: 'банк төлемді қабылдамады, себебін банктен сұраңыз',
  ru: 'банк отклонил платёж, уточните причину в банке',
};

/** A provider's decline reason in the reader's language; a code it does not know never shows. */
export function paymentReasonText(reason: string, lang: UiLang): string {
  const known = REASONS[reason.trim()];
  if (known) return known[lang];
  // A reason that already reads as words (a sentence from the provider in kz/ru) is kept.
  if (/[а-яёәғқңөұүһі]/i.test(reason)) return reason;
  return UNKNOWN[lang];
}
