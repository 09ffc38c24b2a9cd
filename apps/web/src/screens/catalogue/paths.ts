import type { CatalogueItem } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** `kk` or `ru` of the address (as shared/api's urlLang, without pulling its policy table in). */
const urlLang = () => (currentUiLang() === 'kz' ? 'kk' : 'ru');
/** The builder's page of a draft (the same paths as content/drafts.ts's editPath). */
export function builderPath(type: string, id: string): string {
  const enc = encodeURIComponent(id);
  if (type === 'sor') return `/${urlLang()}/content/exams/sor/${enc}`;
  if (type === 'soch') return `/${urlLang()}/content/exams/soch/${enc}`;
  if (type === 'lecture') return `/${urlLang()}/content/lectures/control/edit/${enc}`;
  return `/${urlLang()}/content/lessons?draft=${enc}`;
}

/** Where a catalogue item opens (its preview as a student sees it). */
export function itemPath(item: Pick<CatalogueItem, 'id' | 'type'>): string {
  const enc = encodeURIComponent(item.id);
  if (item.type === 'lecture') return `/${urlLang()}/catalog/lectures/${enc}`;
  return `/${urlLang()}/content/lessons/platform/${item.type}/${enc}`;
}
