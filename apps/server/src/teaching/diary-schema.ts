/**
 * Issue 20, the marks a pupil's diary reads (migration 2350). A database seeded before the diary
 * gets its students' menu item (B2B menus list `menu_permissions`; a fresh database has it from
 * seed-data.ts `MENU`, seeded after the migrations). A journal cell remembers the homework
 * answer its mark came from (`homework_answer_id`): re-grading that answer updates the cell, while
 * a mark the teacher typed into the journal (the column set back to NULL) is theirs and no later
 * homework grade overwrites it.
 */
export const HOMEWORK_MARKS_SQL = `
ALTER TABLE journal_marks
  ADD COLUMN homework_answer_id integer REFERENCES homework_answers(id) ON DELETE SET NULL;
INSERT INTO menu_permissions (role, path, name_kz, name_ru, position)
  SELECT 'student', 'diary', 'Күнделік', 'Дневник', max(position) + 1 FROM menu_permissions
   WHERE role = 'student'
  HAVING count(*) > 0 AND NOT bool_or(path = 'diary');
`;
