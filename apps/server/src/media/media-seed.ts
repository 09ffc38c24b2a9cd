import type { Db, Queryable } from '../db/db';
import type { FileStorage } from '../files/storage';
import { Readable } from 'node:stream';
import { DEMO_FILES, VIDEO_SECONDS, demoBytes, melodySeconds } from './demo-media/demo-files';
import type { DemoFile, DemoFileName } from './demo-media/demo-files';

/**
 * Demo media (issue 14): a cartoon with kz/ru captions and two audio playlists, made by the
 * project itself (demo-media/). `seedMedia` writes the rows inside the demo seed's transaction;
 * `restoreDemoMediaFiles` puts the bytes into the storage at every start when they are missing
 * (a fresh data directory, or a test server started from a cloned database).
 */

interface DemoEntry {
  kind: 'video' | 'audio';
  title: [kz: string, ru: string];
  description: [kz: string, ru: string];
  ageGroup: 'preschool' | 'primary' | 'middle' | 'senior';
  subject: string | null;
  file?: DemoFileName;
  poster: DemoFileName;
  captions?: [DemoFileName, DemoFileName];
  tracks?: { title: [string, string]; file: 'cheerful' | 'dance' | 'lullaby' }[];
}

export const DEMO_MEDIA: readonly DemoEntry[] = [
  {
    kind: 'video',
    title: ['Күн мен бұлт', 'Солнце и облако'],
    description: [
      'Таң атады, күн шығады, бұлт жүзеді, доп секіреді: кішкентайларға арналған алты секундтық мультфильм.',
      'Наступает утро, восходит солнце, плывёт облако, прыгает мяч: шестисекундный мультфильм для малышей.',
    ],
    ageGroup: 'preschool',
    subject: 'geography',
    file: 'cartoon',
    poster: 'cartoonPoster',
    captions: ['captionsKz', 'captionsRu'],
  },
  {
    kind: 'audio',
    title: ['Таңғы жаттығу әуендері', 'Мелодии для зарядки'],
    description: [
      'Сабақ алдындағы сергіту жаттығуына арналған көңілді әуендер.',
      'Весёлые мелодии для утренней зарядки перед уроками.',
    ],
    ageGroup: 'primary',
    subject: 'pe',
    poster: 'songsPoster',
    tracks: [
      { title: ['Көңілді әуен', 'Весёлая мелодия'], file: 'cheerful' },
      { title: ['Қуыршақ биі', 'Танец куклы'], file: 'dance' },
    ],
  },
  {
    kind: 'audio',
    title: ['Бесік жыры', 'Колыбельная'],
    description: ['Тыныш ұйқы сағатына арналған баяу әуен.', 'Спокойная мелодия для тихого часа.'],
    ageGroup: 'preschool',
    subject: null,
    poster: 'lullabyPoster',
    tracks: [{ title: ['Бесік жыры', 'Колыбельная'], file: 'lullaby' }],
  },
];

async function insertDemoFile(tx: Queryable, file: DemoFile, ownerId: number): Promise<void> {
  const { size, sha256 } = demoBytes(file);
  await tx.query(
    `INSERT INTO stored_files (id, use, owner_id, school_id, label, mime, size, sha256)
     VALUES ($1, 'media', $2, NULL, $3, $4, $5, $6)`,
    [file.id, ownerId, file.label, file.mime, size, sha256],
  );
}

/** The demo entries, published by the demo methodist. */
export async function seedMedia(tx: Queryable): Promise<void> {
  const [author] = await tx.query<{ id: number }>("SELECT id FROM users WHERE login = 'methodist'");
  if (!author) return;
  for (const file of Object.values(DEMO_FILES)) await insertDemoFile(tx, file, author.id);
  for (const entry of DEMO_MEDIA) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO media_items (kind, title_kz, title_ru, description_kz, description_ru, age_group,
                                subject_id, file_id, duration_seconds, poster_id, captions_kz_id,
                                captions_ru_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM subjects WHERE code = $7), $8, $9, $10,
               $11, $12, $13)
       RETURNING id`,
      [
        entry.kind,
        ...entry.title,
        ...entry.description,
        entry.ageGroup,
        entry.subject,
        entry.file ? DEMO_FILES[entry.file].id : null,
        entry.file ? VIDEO_SECONDS : null,
        DEMO_FILES[entry.poster].id,
        entry.captions ? DEMO_FILES[entry.captions[0]].id : null,
        entry.captions ? DEMO_FILES[entry.captions[1]].id : null,
        author.id,
      ],
    );
    for (const [position, track] of (entry.tracks ?? []).entries()) {
      await tx.query(
        `INSERT INTO media_tracks (media_id, position, title_kz, title_ru, file_id, duration_seconds)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [row!.id, position, ...track.title, DEMO_FILES[track.file].id, melodySeconds(track.file)],
      );
    }
  }
}

/** Writes the bytes of every demo file that is recorded but absent from the storage. */
export async function restoreDemoMediaFiles(db: Db, storage: FileStorage): Promise<number> {
  const files = Object.values(DEMO_FILES) as DemoFile[];
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM stored_files WHERE id IN (${files.map((_, i) => `$${i + 1}`).join(', ')})`,
    files.map((file) => file.id),
  );
  const recorded = new Set(rows.map((row) => row.id));
  let written = 0;
  for (const file of files) {
    if (!recorded.has(file.id) || (await storage.size(file.id)) !== null) continue;
    await storage.put(file.id, Readable.from([demoBytes(file).bytes]), file.mime);
    written++;
  }
  return written;
}
