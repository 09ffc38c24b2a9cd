import { DocumentList } from './DocumentList';

/** `nomenclature`: the kindergarten's nomenclature documents (issue 15). */
export default function NomenclatureList() {
  return <DocumentList section="nomenclature" />;
}
