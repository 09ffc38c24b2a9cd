import { DocumentList } from './DocumentList';

/** `steam`: the kindergarten's steam documents (issue 15). */
export default function SteamList() {
  return <DocumentList section="steam" />;
}
