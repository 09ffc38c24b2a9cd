/** @sabaq/cli public API: the question-bank importers (the `sabaq` command lives in bin/). */
export { importGift } from './bank/gift.js';
export { readGift } from './bank/gift-reader.js';
export type { GiftQuestion, GiftCategory, GiftReadResult } from './bank/gift-reader.js';
export { importMoodleXml } from './bank/moodlexml.js';
export { importQti, readQtiItem } from './bank/qti.js';
export type { QtiItem, QtiInteraction, QtiResponse } from './bank/qti.js';
export { BANK_FORMATS } from './bank/model.js';
export type {
  BankFormat,
  BankImport,
  BankIssue,
  BankIssueCode,
  BankOutcome,
  BankQuestion,
  BankUnsupported,
} from './bank/model.js';
