import { describe, expect, it } from 'vitest';
import { parseCell } from './Grid';

describe('journal cell entry', () => {
  it('reads marks 1–10, the absence letter, both, or a cleared cell', () => {
    expect(parseCell('9')).toEqual({ mark: 9, absent: false });
    expect(parseCell(' 10 ')).toEqual({ mark: 10, absent: false });
    expect(parseCell('н')).toEqual({ mark: null, absent: true });
    expect(parseCell('Н')).toEqual({ mark: null, absent: true });
    expect(parseCell('n')).toEqual({ mark: null, absent: true });
    expect(parseCell('7н')).toEqual({ mark: 7, absent: true });
    expect(parseCell('')).toEqual({ mark: null, absent: false });
  });
  it('refuses what is not a mark', () => {
    for (const bad of ['0', '11', 'x', '5.5', '-1', 'нн']) expect(parseCell(bad), bad).toBeNull();
  });
});
