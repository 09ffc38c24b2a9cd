import type { Lang } from '@sabaq/engine';
import { translator } from '../i18n/messages';

const two = (n: number) => String(n).padStart(2, '0');

/** Kazakhstan's time (the whole country is on UTC+5 since 2024, no summer time): the builder
 * shows every moment in it, as the teaching screens do, so two devices never disagree. */
const KZ_OFFSET_MS = 5 * 60 * 60 * 1000;

function inKazakhstan(value: Date | string | number): Date | null {
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(ms) ? null : new Date(ms + KZ_OFFSET_MS);
}

/** DD.MM.YYYY in Kazakhstan's time, the same in kz and ru (spec §1, §5); invalid gives ''. */
export function formatDate(value: Date | string | number): string {
  const d = inKazakhstan(value);
  return d ? `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}` : '';
}

/** HH:MM (24 hours) in Kazakhstan's time. */
export function formatTime(value: Date | string | number): string {
  const d = inKazakhstan(value);
  return d ? `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : '';
}

/** DD.MM.YYYY HH:MM: how the builder shows every moment (history, lists). */
export function formatDateTime(value: Date | string | number): string {
  const date = formatDate(value);
  return date && `${date} ${formatTime(value)}`;
}

/** The kinds of drafts the builder edits (the engine's `Draft['type']`). */
export type DraftKind = 'customLesson' | 'lecture' | 'sor' | 'soch';

/** A draft's kind as a person reads it: «БЖБ» / «СОР», never the code. */
export function draftKindLabel(kind: string, lang: Lang): string {
  const t = translator(lang);
  switch (kind) {
    case 'customLesson':
      return t('kind_customLesson');
    case 'lecture':
      return t('kind_lecture');
    case 'sor':
      return t('kind_sor');
    case 'soch':
      return t('kind_soch');
    default:
      return t('kind_other');
  }
}

/** «БЖБ · 12-нұсқа» / «СОР · версия 12». */
export function draftLabel(kind: string, version: number, lang: Lang): string {
  return `${draftKindLabel(kind, lang)} · ${translator(lang)('version_n', { n: version })}`;
}
