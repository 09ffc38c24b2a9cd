import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawScene, drawStripes, pngFile } from './png';
import { melodyWav } from './wav';
import type { MelodyName } from './wav';

/**
 * The demo media's files: fixed ids (so a restart, or a database cloned by the tests, finds its
 * bytes again) and how each is made. Audio, posters and captions are generated here with plain
 * Node; the cartoon is the checked-in `cartoon.webm` that make-video.ts drew.
 */
export interface DemoFile {
  id: string;
  label: string;
  mime: string;
  make(): Buffer;
}

/** The demo cartoon's length (make-video.ts draws this many seconds). */
export const VIDEO_SECONDS = 6;

/**
 * This folder, found from the server package's root (the first folder upward with its
 * package.json): the same from the TypeScript sources and from the bundle in dist/.
 */
function demoMediaDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@sabaq/server')
      return join(dir, 'src', 'media', 'demo-media');
    dir = dirname(dir);
  }
  return dirname(fileURLToPath(import.meta.url));
}
const here = demoMediaDir();

const CAPTIONS = {
  kz: [
    ['00:00.000', '00:02.000', 'Таң атты. Күн шығып келеді!'],
    ['00:02.000', '00:04.000', 'Бұлт аспанда жүзіп барады.'],
    ['00:04.000', '00:06.000', 'Доп секіреді: бір, екі, үш!'],
  ],
  ru: [
    ['00:00.000', '00:02.000', 'Наступает утро. Восходит солнце!'],
    ['00:02.000', '00:04.000', 'Облако плывёт по небу.'],
    ['00:04.000', '00:06.000', 'Мяч прыгает: раз, два, три!'],
  ],
} as const;

function vtt(lang: 'kz' | 'ru'): Buffer {
  const cues = CAPTIONS[lang].map(([from, to, text]) => `${from} --> ${to}\n${text}`);
  return Buffer.from(`WEBVTT\n\n${cues.join('\n\n')}\n`, 'utf8');
}

const melody = (name: MelodyName) => () => melodyWav(name).bytes;

export const DEMO_FILES = {
  cartoon: {
    id: '0d3e0a00-0000-4000-8000-000000000001',
    label: 'kun-men-bult.webm',
    mime: 'video/webm',
    make: () => readFileSync(join(here, 'cartoon.webm')),
  },
  cartoonPoster: {
    id: '0d3e0a00-0000-4000-8000-000000000002',
    label: 'kun-men-bult.png',
    mime: 'image/png',
    make: () => pngFile(320, 180, drawScene(320, 180, 0.5)),
  },
  captionsKz: {
    id: '0d3e0a00-0000-4000-8000-000000000003',
    label: 'kun-men-bult.kk.vtt',
    mime: 'text/vtt',
    make: () => vtt('kz'),
  },
  captionsRu: {
    id: '0d3e0a00-0000-4000-8000-000000000004',
    label: 'kun-men-bult.ru.vtt',
    mime: 'text/vtt',
    make: () => vtt('ru'),
  },
  cheerful: {
    id: '0d3e0a00-0000-4000-8000-000000000011',
    label: 'konildi-auen.wav',
    mime: 'audio/wav',
    make: melody('cheerful'),
  },
  dance: {
    id: '0d3e0a00-0000-4000-8000-000000000012',
    label: 'quyrshaq-bii.wav',
    mime: 'audio/wav',
    make: melody('dance'),
  },
  lullaby: {
    id: '0d3e0a00-0000-4000-8000-000000000013',
    label: 'besik-zhyry.wav',
    mime: 'audio/wav',
    make: melody('lullaby'),
  },
  songsPoster: {
    id: '0d3e0a00-0000-4000-8000-000000000021',
    label: 'auender.png',
    mime: 'image/png',
    make: () =>
      pngFile(
        320,
        180,
        drawStripes(320, 180, [
          [255, 213, 79],
          [255, 171, 64],
          [129, 212, 250],
        ]),
      ),
  },
  lullabyPoster: {
    id: '0d3e0a00-0000-4000-8000-000000000022',
    label: 'besik.png',
    mime: 'image/png',
    make: () =>
      pngFile(
        320,
        180,
        drawStripes(320, 180, [
          [63, 81, 181],
          [121, 134, 203],
          [197, 202, 233],
        ]),
      ),
  },
} as const satisfies Record<string, DemoFile>;

export type DemoFileName = keyof typeof DEMO_FILES;

/** Bytes, size and sha256 of a demo file (what stored_files records). */
export function demoBytes(file: DemoFile): { bytes: Buffer; size: number; sha256: string } {
  const bytes = file.make();
  return { bytes, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Seconds each demo melody lasts (the playlists' track lengths). */
export function melodySeconds(name: MelodyName): number {
  return melodyWav(name).seconds;
}
