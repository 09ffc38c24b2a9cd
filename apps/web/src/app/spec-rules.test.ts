import { afterEach, describe, expect, it, vi } from 'vitest';
import { breakpointOf, debounce, scrollToAnchor } from './viewport';
import { featureBlockOn } from './feature-blocks';
import { formCacheKey, readFormCache, writeFormCache, clearFormCaches } from './form-cache';
import { detectMobileApp, notifyMobileAppOfRefresh } from './mobile';
import { isChunkLoadError, withChunkTimeout } from '../screens/lazy';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('spec §9 breakpoints and resize', () => {
  it('sm 576, md 768, lg 1009, xl 1600', () => {
    expect([375, 575, 576, 767, 768, 1008, 1009, 1599, 1600, 1920].map(breakpointOf)).toEqual([
      'xs',
      'xs',
      'sm',
      'sm',
      'md',
      'md',
      'lg',
      'lg',
      'xl',
      'xl',
    ]);
  });
  it('a burst of resizes is handled once, 250 ms after it settles', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const onResize = debounce(fn, 250);
    for (let i = 0; i < 10; i++) {
      onResize();
      vi.advanceTimersByTime(100);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(fn).toHaveBeenCalledTimes(1);
  });
  it('an anchor scrolls to 90 px above its element', () => {
    document.body.innerHTML = '<div id="task-3"></div>';
    const el = document.getElementById('task-3')!;
    el.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(scrollToAnchor('#task-3')).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 500 + window.scrollY - 90, behavior: 'smooth' });
    expect(scrollToAnchor('#nope')).toBe(false);
    scrollTo.mockRestore();
  });
});

describe('spec §9 chunk-load timeout', () => {
  it('a chunk that has not arrived in 120 s fails as a chunk-load error (which reloads, §8)', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const loading = withChunkTimeout(never);
    const caught = loading.catch((e: unknown) => e);
    vi.advanceTimersByTime(119_999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    const error = await caught;
    expect(isChunkLoadError(error)).toBe(true);
  });
  it('a chunk that arrives in time is passed through', async () => {
    await expect(withChunkTimeout(Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('spec §9 form cache key', () => {
  it('changes every 180 000 ms', () => {
    expect(formCacheKey('registration', 0)).toBe(formCacheKey('registration', 179_999));
    expect(formCacheKey('registration', 180_000)).not.toBe(formCacheKey('registration', 179_999));
  });
  it('keeps typed text within the window, never passwords, and forgets it after', () => {
    writeFormCache('registration', { surname: 'Ахметова', password: 'Secret-1' }, 1_000);
    expect(readFormCache('registration', 2_000)).toEqual({ surname: 'Ахметова' });
    expect(readFormCache('registration', 181_000)).toBeNull();
    clearFormCaches();
    expect(readFormCache('registration', 2_000)).toBeNull();
  });
});

describe('spec §9 mobile apps', () => {
  const ANDROID_WV =
    'Mozilla/5.0 (Linux; Android 13; SM-A515F Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36';
  const IOS_WV =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const IOS_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  it('detects the apps by user-agent markers, not a phone browser', () => {
    expect(detectMobileApp('SabaqApp/2.4.1 (ios) Mozilla/5.0')).toBe('ios');
    expect(detectMobileApp('Mozilla/5.0 SabaqApp/2.4.1 (Android)')).toBe('android');
    expect(detectMobileApp(ANDROID_WV)).toBe('android');
    expect(detectMobileApp(IOS_WV)).toBe('ios');
    expect(detectMobileApp(IOS_SAFARI)).toBeNull();
    expect(
      detectMobileApp('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36'),
    ).toBeNull();
  });
  it('tells the hosting app about refreshed tokens through its bridge', () => {
    const ios = vi.fn();
    const android = vi.fn();
    const host = {
      webkit: { messageHandlers: { sabaq: { postMessage: ios } } },
      SabaqAndroid: { onTokenRefreshed: android },
    };
    expect(notifyMobileAppOfRefresh('tok', IOS_WV, host)).toBe('ios');
    expect(ios).toHaveBeenCalledWith({ type: 'token-refreshed', accessToken: 'tok' });
    expect(notifyMobileAppOfRefresh('tok2', ANDROID_WV, host)).toBe('android');
    expect(android).toHaveBeenCalledWith('tok2');
    expect(notifyMobileAppOfRefresh('tok3', IOS_SAFARI, host)).toBeNull();
  });
});

describe('spec §4 feature blocks from page data attributes', () => {
  it('reads data-feature-<block>; missing means on, except the conference', () => {
    const root = { dataset: { featureExport: 'off', featureTimetablePlan: 'on' } as DOMStringMap };
    expect(featureBlockOn('export', root)).toBe(false);
    expect(featureBlockOn('timetable-plan', root)).toBe(true);
    expect(featureBlockOn('sockets', root)).toBe(true);
    expect(featureBlockOn('conference', root)).toBe(false);
    expect(featureBlockOn('conference', { dataset: { featureConference: 'on' } })).toBe(true);
  });
});
