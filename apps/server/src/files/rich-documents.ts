import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileUse } from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import type { Db, Queryable } from '../db/db';
import { jsonColumn } from '../db/db';
import { sendStoredFile } from './file-download';
import { loadStoredFile } from './file-queries';
import type { FileStorage } from './storage';

/**
 * Libraries of rich documents with attached files: the kindergarten's document sections (issue
 * 15) and the methodical cabinet (issue 17). A document has kz/ru title, summary and builder
 * rich text (columns `title_kz … body_ru`) and stored files of one use, attached in order through
 * a table of (owner, stored_id, position). What differs — filters, gates, columns of their own,
 * how words are searched — stays in each domain.
 *
 * Table and column names given here are each domain's constants, never input: they go into the
 * SQL text; every value goes in as a parameter.
 */

export interface Bilingual<T> {
  kz: T;
  ru: T;
}

/** The texts every rich document is saved with. */
export interface RichTextInput {
  title: Bilingual<string>;
  summary: Bilingual<string>;
  body: Bilingual<RichText>;
}

/**
 * The six text columns of a rich document: their names (`columns`), their INSERT `values` and
 * UPDATE `set` from `$1…$6` (the bodies are jsonb; the domain's own columns follow from `$7`),
 * the parameters in that order (`params`), and a row's texts read back (`textsOf`, `bodiesOf`).
 */
export const RICH_TEXT = {
  columns: 'title_kz, title_ru, summary_kz, summary_ru, body_kz, body_ru',
  values: '$1, $2, $3, $4, $5::jsonb, $6::jsonb',
  set: `title_kz = $1, title_ru = $2, summary_kz = $3, summary_ru = $4,
    body_kz = $5::jsonb, body_ru = $6::jsonb`,
  params(input: RichTextInput): unknown[] {
    return [
      input.title.kz,
      input.title.ru,
      input.summary.kz,
      input.summary.ru,
      JSON.stringify(input.body.kz),
      JSON.stringify(input.body.ru),
    ];
  },
  textsOf(row: { title_kz: string; title_ru: string; summary_kz: string; summary_ru: string }): {
    title: Bilingual<string>;
    summary: Bilingual<string>;
  } {
    return {
      title: { kz: row.title_kz, ru: row.title_ru },
      summary: { kz: row.summary_kz, ru: row.summary_ru },
    };
  },
  /** jsonb, or its text from some drivers. */
  bodiesOf(row: { body_kz: unknown; body_ru: unknown }): Bilingual<RichText> {
    return { kz: jsonColumn<RichText>(row.body_kz), ru: jsonColumn<RichText>(row.body_ru) };
  },
} as const;

/**
 * A WHERE clause built from conditions; each value becomes the next parameter. `args` may start
 * with parameters the caller placed itself (`$1…`).
 */
export class Conditions {
  private readonly parts: string[] = [];

  constructor(readonly args: unknown[] = []) {}

  /** A condition without a value (a domain's constant text). */
  always(sql: string): this {
    this.parts.push(sql);
    return this;
  }

  /** A condition on one value: `sql` receives the value's placeholder (`$n`). */
  add(sql: (placeholder: string) => string, value: unknown): this {
    this.args.push(value);
    this.parts.push(sql(`$${this.args.length}`));
    return this;
  }

  /** `WHERE a AND b`, or nothing without conditions. */
  get where(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/**
 * One page of `SELECT {columns} FROM {from} {where} ORDER BY {orderBy}` and how many rows match
 * in all (one query; a page past the end, which has no row to carry the count, counts alone).
 */
export async function selectPage<T>(
  db: Queryable,
  query: {
    columns: string;
    from: string;
    conditions: Conditions;
    orderBy: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: T[]; total: number }> {
  const { where, args } = query.conditions;
  const n = args.length;
  const rows = await db.query<T & { total: number }>(
    `SELECT ${query.columns}, count(*) OVER ()::int AS total FROM ${query.from} ${where}
      ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...args, query.pageSize, (query.page - 1) * query.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${query.from} ${where}`,
      args,
    );
    total = counted[0]?.n ?? 0;
  }
  return { rows, total };
}

/** A file attached to a document, as the contracts show it. */
export interface AttachedFileRow {
  id: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * Where a library keeps its attachments: `table` (`owner`, stored_id, position) and the use its
 * stored files are uploaded with.
 */
export interface AttachmentTable {
  table: string;
  owner: string;
  use: FileUse;
}

/** A document's files in order. */
export async function listAttached(
  db: Queryable,
  at: AttachmentTable,
  ownerId: number,
): Promise<AttachedFileRow[]> {
  const rows = await db.query<{ id: string; label: string; mime: string; size: number | string }>(
    `SELECT s.id, s.label, s.mime, s.size FROM ${at.table} f
       JOIN stored_files s ON s.id = f.stored_id
      WHERE f.${at.owner} = $1 ORDER BY f.position`,
    [ownerId],
  );
  return rows.map((r) => ({ id: r.id, name: r.label, mime: r.mime, size: Number(r.size) }));
}

/** Whether `fileId` is attached to document `ownerId`. */
async function isAttached(
  db: Queryable,
  at: AttachmentTable,
  ownerId: number,
  fileId: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM ${at.table} WHERE ${at.owner} = $1 AND stored_id = $2`,
    [ownerId, fileId],
  );
  return rows.length > 0;
}

/** Of `ids`, the stored files of the library's use (any author's: the libraries are shared). */
export async function attachableIds(
  db: Queryable,
  at: AttachmentTable,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM stored_files WHERE id = ANY($1::uuid[]) AND use = $2`,
    [ids, at.use],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes a document and makes its files exactly `fileIds`, in that order, in one transaction.
 * `write` inserts or updates the row and returns its id.
 */
export async function saveWithFiles(
  db: Db,
  at: AttachmentTable,
  fileIds: readonly string[],
  write: (tx: Queryable) => Promise<number>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await write(tx);
    await tx.query(`DELETE FROM ${at.table} WHERE ${at.owner} = $1`, [id]);
    if (fileIds.length > 0)
      await tx.query(
        `INSERT INTO ${at.table} (${at.owner}, stored_id, position)
         SELECT $1, id, position - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, position)`,
        [id, fileIds],
      );
    return id;
  });
}

/**
 * Sends a file read through its document (whose rights the caller has checked): only a file
 * attached to that document, revalidated each time; anything else `notFound()`.
 */
export async function sendAttachedFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: {
    db: Queryable;
    storage: FileStorage;
    at: AttachmentTable;
    ownerId: number;
    fileId: string;
    notFound: () => Error;
  },
): Promise<FastifyReply> {
  const stored = (await isAttached(file.db, file.at, file.ownerId, file.fileId))
    ? await loadStoredFile(file.db, file.fileId)
    : null;
  if (!stored) throw file.notFound();
  return sendStoredFile(req, reply, file.storage, stored, 'private');
}
