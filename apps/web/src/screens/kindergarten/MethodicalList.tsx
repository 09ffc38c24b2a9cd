import { DocumentList } from './DocumentList';

/** `methodical`: the kindergarten's methodical documents (issue 15). */
export default function MethodicalList() {
  return <DocumentList section="methodical" />;
}
