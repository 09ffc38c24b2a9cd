import { createDraft, newModule, textDoc } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Queryable } from '../db/db';
import { indexAllPublished, indexPublished } from './catalogue-index';
import { CATALOGUE_SAMPLES, type SampleItem } from './catalogue-demo';
import { DEMO_SOR_ID } from '../teaching/demo-content';

/** One demo item as a published draft of its author (a text page; SOR items a task). */
export function sampleDraft(s: SampleItem, id = `demo-catalogue-${s.key}`): Draft {
  const d = createDraft({
    id,
    type: s.type,
    title: s.title,
    lang: s.lang,
    summary: s.summary,
    discipline: s.subject,
    class: s.parallel,
  });
  const intro = newModule(`${id}-m1`.slice(0, 120), 'simple', s.title.slice(0, 200));
  intro.content = textDoc(s.text);
  d.pages = [{ id: 'p1', title: s.title.slice(0, 200), expand: true, modules: [intro] }];
  d.version = 1;
  return d;
}

/**
 * Demo catalogue (issue 17): the samples published by their demo authors, then every published
 * draft of the seed (the demo SOR and SOCh, the KTP lecture) indexed into the catalogue.
 */
export async function seedCatalogue(tx: Queryable): Promise<void> {
  const users = new Map(
    (
      await tx.query<{ id: number; login: string; school_id: number | null }>(
        "SELECT id, login, school_id FROM users WHERE login IN ('teacher', 'school2-teacher')",
      )
    ).map((u) => [u.login, u]),
  );
  for (const s of CATALOGUE_SAMPLES) {
    const author = users.get(s.author);
    if (!author) continue;
    const d = sampleDraft(s);
    // The sample SORs were shared by their authors on publishing (issue 28: an exam is in the
    // catalogue only by its author's choice).
    await tx.query(
      `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at, shared_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'published', $8, $8, now(), now())`,
      [d.id, author.id, author.school_id, d.type, d.title, d.lang, d.version, JSON.stringify(d)],
    );
    const row = { id: d.id, owner_id: author.id, school_id: author.school_id, shared: true };
    await indexPublished(tx, row, d);
  }
  // The demo teacher shared the SOR of the coming 7А algebra lesson too: other schools find it in
  // the exam catalogue, without its keys and not to be copied, until that lesson's window closes.
  // The SOCh and the second school's SOR stay unshared (only their schools see them).
  await tx.query('UPDATE drafts SET shared_at = now() WHERE id = $1', [DEMO_SOR_ID]);
  await indexAllPublished(tx);
}
