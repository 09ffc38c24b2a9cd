import { describe, expect, it } from 'vitest';
import { fitsSlot, isMediaOpen, isWebVtt } from './media-access';

const now = new Date('2026-11-23T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const sub = (from: number, to: number | null) => ({
  startsAt: new Date(now.getTime() + from * day),
  endsAt: to === null ? null : new Date(now.getTime() + to * day),
  locked: false,
});

describe('media gate (same reading of subscriptions as commerce)', () => {
  it('opens with a live subscription, for B2B people who never subscribed, and for editors', () => {
    expect(isMediaOpen('individual', [sub(-10, 20)], now)).toBe(true);
    expect(isMediaOpen('student', [], now)).toBe(true);
    expect(isMediaOpen('department_worker', [], now)).toBe(true);
    expect(isMediaOpen('methodist', [sub(-40, -10)], now)).toBe(true);
  });
  it('stays shut when every subscription ended, and for B2C people who never paid', () => {
    expect(isMediaOpen('individual', [sub(-40, -10)], now)).toBe(false);
    expect(isMediaOpen('student', [sub(-40, -10)], now)).toBe(false);
    expect(isMediaOpen('guest', [], now)).toBe(false);
    expect(isMediaOpen('individual', [], now)).toBe(false);
    // Paid, but it starts tomorrow: not open yet (and not "ever subscribed" either).
    expect(isMediaOpen('guest', [sub(1, 30)], now)).toBe(false);
    expect(isMediaOpen('individual', [{ ...sub(-1, 30), locked: true }], now)).toBe(false);
  });
});

describe('files of an entry', () => {
  it('takes each type in its place only', () => {
    expect(fitsSlot('video', 'video/webm')).toBe(true);
    expect(fitsSlot('video', 'audio/wav')).toBe(false);
    expect(fitsSlot('audio', 'audio/mpeg')).toBe(true);
    expect(fitsSlot('picture', 'image/png')).toBe(true);
    expect(fitsSlot('picture', 'image/svg+xml')).toBe(false);
    expect(fitsSlot('captions', 'text/plain')).toBe(true);
    expect(fitsSlot('captions', 'application/pdf')).toBe(false);
  });
  it('knows WebVTT by its header', () => {
    expect(isWebVtt(Buffer.from('WEBVTT\n\n'))).toBe(true);
    expect(isWebVtt(Buffer.from('\uFEFFWEBVTT - субтитры\n'))).toBe(true);
    expect(isWebVtt(Buffer.from('WEBVTTX'))).toBe(false);
    expect(isWebVtt(Buffer.from('1\n00:00:01,000 --> 00:00:02,000'))).toBe(false);
  });
});
