import { describe, expect, it } from 'vitest';
import { rejected, run, withModules } from '../test/harness.js';

describe('assets', () => {
  it('adds, relabels and removes assets by name', () => {
    let d = run(
      withModules('lecture', 'simple'),
      { type: 'asset/add', name: 'lecture.pdf', label: 'Дәріс' },
      { type: 'asset/add', name: 'audio.mp3', label: 'Аудио', index: 0 },
      { type: 'asset/setLabel', name: 'lecture.pdf', label: 'Лекция' },
    );
    expect(d.assets).toEqual([
      { name: 'audio.mp3', label: 'Аудио' },
      { name: 'lecture.pdf', label: 'Лекция' },
    ]);
    expect(rejected(d, { type: 'asset/add', name: 'audio.mp3', label: '' }).code).toBe(
      'duplicate_id',
    );
    d = run(d, { type: 'asset/remove', name: 'audio.mp3' });
    expect(d.assets.map((a) => a.name)).toEqual(['lecture.pdf']);
    expect(rejected(d, { type: 'asset/setLabel', name: 'audio.mp3', label: '' }).code).toBe(
      'unknown_id',
    );
  });
});
