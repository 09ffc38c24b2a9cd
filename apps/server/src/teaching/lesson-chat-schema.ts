/**
 * The lesson chat (issue 20): one row per message said in a lesson. A message the teacher deleted
 * keeps its row (so the conversation shows where it was) with its text emptied.
 */
export const LESSON_CHAT_SQL = `
CREATE TABLE lesson_chat_messages (
  id serial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES users(id),
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by integer REFERENCES users(id)
);
CREATE INDEX lesson_chat_messages_lesson ON lesson_chat_messages (lesson_id, id);
`;
