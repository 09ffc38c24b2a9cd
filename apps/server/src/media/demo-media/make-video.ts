/**
 * Makes the demo cartoon `cartoon.webm` (checked in beside this script, well under 300 KB):
 * 6 seconds, 320×180 at 12 frames a second, every frame drawn by `drawScene` (png.ts), with the
 * `cheerful` melody of wav.ts as its sound. Needs ffmpeg (Debian: `apt-get install -y ffmpeg`)
 * only when the video is remade; `npm start` reads the checked-in file.
 *
 *   node --import tsx apps/server/src/media/demo-media/make-video.ts
 *
 * VP9 video and Opus sound in WebM: what Chromium, Firefox and current Safari play natively.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_SECONDS } from './demo-files';
import { drawScene } from './png';
import { melodyWav } from './wav';

const WIDTH = 320;
const HEIGHT = 180;
const FPS = 12;

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const target = join(here, 'cartoon.webm');
  const work = mkdtempSync(join(tmpdir(), 'sabaq-cartoon-'));
  try {
    const sound = join(work, 'sound.wav');
    writeFileSync(sound, melodyWav('cheerful').bytes);
    const ffmpeg = spawn(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${WIDTH}x${HEIGHT}`,
        '-r',
        String(FPS),
        '-i',
        '-',
        '-i',
        sound,
        '-t',
        String(VIDEO_SECONDS),
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        '42',
        '-deadline',
        'good',
        '-row-mt',
        '1',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        // Deterministic output: no encoder or creation-time tags.
        '-fflags',
        '+bitexact',
        '-map_metadata',
        '-1',
        target,
      ],
      { stdio: ['pipe', 'inherit', 'inherit'] },
    );
    const frames = VIDEO_SECONDS * FPS;
    for (let frame = 0; frame < frames; frame++) {
      const rgb = drawScene(WIDTH, HEIGHT, frame / (frames - 1));
      if (!ffmpeg.stdin.write(rgb))
        await new Promise<void>((resolve) => ffmpeg.stdin.once('drain', () => resolve()));
    }
    ffmpeg.stdin.end();
    const code = await new Promise<number | null>((resolve) => ffmpeg.on('close', resolve));
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
    const size = statSync(target).size;
    console.log(`${target}: ${size} bytes`);
    if (size >= 300 * 1024) throw new Error('the demo cartoon must stay under 300 KB');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
