import { DocumentList } from './DocumentList';

/** `regime-process`: the kindergarten's regime-process documents (issue 15). */
export default function RegimeList() {
  return <DocumentList section="regime-process" />;
}
