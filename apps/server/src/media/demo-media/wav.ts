/**
 * Tiny melodies as WAV (16-bit PCM, mono), written with plain Node: the demo audio of the media
 * sections is made by the project itself, byte for byte the same on every run.
 */

export const SAMPLE_RATE = 22_050;

/** Note names of one octave and a half, in Hz (equal temperament, A4 = 440). */
const NOTES: Record<string, number> = {
  C4: 261.63,
  D4: 293.66,
  E4: 329.63,
  F4: 349.23,
  G4: 392.0,
  A4: 440.0,
  B4: 493.88,
  C5: 523.25,
  D5: 587.33,
  E5: 659.25,
  R: 0,
};

/** A note and its length in beats; `R` is a rest. */
export type Note = readonly [name: string, beats: number];

/** The samples of `notes` at `bpm`: a soft sine with a short attack and a decaying release. */
export function melodySamples(notes: readonly Note[], bpm: number): Int16Array {
  const beat = 60 / bpm;
  const total = Math.round(notes.reduce((sum, [, beats]) => sum + beats * beat, 0) * SAMPLE_RATE);
  const out = new Int16Array(total);
  let at = 0;
  for (const [name, beats] of notes) {
    const frequency = NOTES[name];
    if (frequency === undefined) throw new Error(`unknown note ${name}`);
    const length = Math.round(beats * beat * SAMPLE_RATE);
    for (let i = 0; i < length && at + i < total; i++) {
      if (frequency === 0) continue;
      const time = i / SAMPLE_RATE;
      const attack = Math.min(1, i / (0.01 * SAMPLE_RATE));
      const release = Math.exp((-3 * i) / length);
      // The fundamental and a quiet octave above: a music-box colour.
      const wave =
        Math.sin(2 * Math.PI * frequency * time) + 0.3 * Math.sin(4 * Math.PI * frequency * time);
      out[at + i] = Math.round(wave * attack * release * 0.45 * 32767 * 0.77);
    }
    at += length;
  }
  return out;
}

/** A WAV file (RIFF, PCM 16-bit mono) of the samples. */
export function wavFile(samples: Int16Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => data.writeInt16LE(value, i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Whole seconds a WAV of these samples lasts (rounded up: what the catalogue shows). */
export function secondsOf(samples: Int16Array): number {
  return Math.ceil(samples.length / SAMPLE_RATE);
}

/** The demo melodies: folk-like tunes of a few seconds each. */
export const MELODIES = {
  /** A cheerful march up and down the scale. */
  cheerful: {
    bpm: 150,
    notes: [
      ['C4', 1],
      ['E4', 1],
      ['G4', 1],
      ['C5', 1],
      ['G4', 1],
      ['E4', 1],
      ['C4', 2],
      ['D4', 1],
      ['F4', 1],
      ['A4', 1],
      ['D5', 1],
      ['B4', 1],
      ['G4', 1],
      ['C5', 2],
    ] as Note[],
  },
  /** A slow lullaby (бесік жыры). */
  lullaby: {
    bpm: 84,
    notes: [
      ['E4', 1],
      ['G4', 1],
      ['A4', 2],
      ['G4', 1],
      ['E4', 1],
      ['D4', 2],
      ['C4', 1],
      ['D4', 1],
      ['E4', 2],
      ['R', 1],
    ] as Note[],
  },
  /** A little dance (би) with a skip. */
  dance: {
    bpm: 168,
    notes: [
      ['G4', 0.5],
      ['G4', 0.5],
      ['A4', 1],
      ['G4', 1],
      ['C5', 1],
      ['B4', 2],
      ['G4', 0.5],
      ['G4', 0.5],
      ['A4', 1],
      ['G4', 1],
      ['D5', 1],
      ['C5', 2],
      ['E5', 1],
      ['C5', 1],
      ['A4', 1],
      ['B4', 1],
      ['C5', 2],
    ] as Note[],
  },
} as const;

export type MelodyName = keyof typeof MELODIES;

export function melodyWav(name: MelodyName): { bytes: Buffer; seconds: number } {
  const { notes, bpm } = MELODIES[name];
  const samples = melodySamples(notes, bpm);
  return { bytes: wavFile(samples), seconds: secondsOf(samples) };
}
