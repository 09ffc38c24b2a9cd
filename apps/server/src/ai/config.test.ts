import { describe, expect, it } from 'vitest';
import { aiConfigFromEnv, completionsUrl } from './config';
import { UserRateLimiter } from './limiter';

describe('assistant configuration from the environment', () => {
  it('is off without SABAQ_AI_URL', () => {
    expect(aiConfigFromEnv({})).toBeNull();
    expect(aiConfigFromEnv({ SABAQ_AI_URL: '  ', SABAQ_AI_MODEL: 'm' })).toBeNull();
  });

  it('reads URL, key, model, timeout and rate', () => {
    expect(
      aiConfigFromEnv({
        SABAQ_AI_URL: 'https://api.example.kz/v1',
        SABAQ_AI_KEY: 'sk-1',
        SABAQ_AI_MODEL: 'gpt-4o-mini',
        SABAQ_AI_TIMEOUT_MS: '15000',
        SABAQ_AI_RATE_PER_MINUTE: '10',
      }),
    ).toEqual({
      url: 'https://api.example.kz/v1',
      key: 'sk-1',
      model: 'gpt-4o-mini',
      timeoutMs: 15000,
      ratePerMinute: 10,
    });
    expect(
      aiConfigFromEnv({ SABAQ_AI_URL: 'http://127.0.0.1:11434/v1', SABAQ_AI_MODEL: 'qwen2.5' }),
    ).toEqual({ url: 'http://127.0.0.1:11434/v1', key: null, model: 'qwen2.5' });
  });

  it('refuses a half or wrong configuration instead of starting with a broken assistant', () => {
    expect(() => aiConfigFromEnv({ SABAQ_AI_URL: 'https://api.example.kz/v1' })).toThrow(
      /SABAQ_AI_MODEL/,
    );
    expect(() => aiConfigFromEnv({ SABAQ_AI_URL: 'api.example.kz', SABAQ_AI_MODEL: 'm' })).toThrow(
      /not a URL/,
    );
    expect(() => aiConfigFromEnv({ SABAQ_AI_URL: 'ftp://x/v1', SABAQ_AI_MODEL: 'm' })).toThrow(
      /http/,
    );
    expect(() =>
      aiConfigFromEnv({
        SABAQ_AI_URL: 'https://x/v1',
        SABAQ_AI_MODEL: 'm',
        SABAQ_AI_TIMEOUT_MS: '0',
      }),
    ).toThrow(/SABAQ_AI_TIMEOUT_MS/);
  });

  it('appends /chat/completions to a base URL only', () => {
    expect(completionsUrl({ url: 'https://x/v1/', key: null, model: 'm' })).toBe(
      'https://x/v1/chat/completions',
    );
    expect(
      completionsUrl({ url: 'https://x/openai/chat/completions', key: null, model: 'm' }),
    ).toBe('https://x/openai/chat/completions');
  });
});

describe('per-user rate limiter', () => {
  it('counts a sliding minute per user and says when the next question fits', () => {
    let now = 1_000_000;
    const limiter = new UserRateLimiter(2, 60_000, () => now);
    expect(limiter.take(1)).toEqual({ ok: true });
    now += 10_000;
    expect(limiter.take(1)).toEqual({ ok: true });
    expect(limiter.take(2)).toEqual({ ok: true });
    now += 5_000;
    expect(limiter.take(1)).toEqual({ ok: false, retryAfterMs: 45_000 });
    now += 45_000;
    expect(limiter.take(1)).toEqual({ ok: true });
    expect(limiter.take(1)).toEqual({ ok: false, retryAfterMs: 10_000 });
  });
});
