/**
 * Where the AI assistant's answers come from: an OpenAI-compatible chat-completions service
 * (OpenAI, Azure OpenAI's compatible endpoint, vLLM, llama.cpp server, Ollama, LocalAI, …).
 * `npm start` reads it from the environment (aiConfigFromEnv); tests pass it to startServer.
 */
export interface AiConfig {
  /**
   * Base URL of the API, e.g. `https://api.openai.com/v1` (`/chat/completions` is appended), or
   * the full `…/chat/completions` URL.
   */
  url: string;
  /** Sent as `Authorization: Bearer …`; null for local services that take no key. */
  key: string | null;
  /** The `model` field of the request. */
  model: string;
  /** How long to wait for the service before answering 504 (default 30 000 ms). */
  timeoutMs?: number;
  /** Questions per user per minute before 429 (default 20). */
  ratePerMinute?: number;
}

export const AI_DEFAULT_TIMEOUT_MS = 30_000;
export const AI_DEFAULT_RATE_PER_MINUTE = 20;

/** The chat-completions URL of a configured base URL. */
export function completionsUrl(config: AiConfig): string {
  const base = config.url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/**
 * SABAQ_AI_URL, SABAQ_AI_KEY, SABAQ_AI_MODEL (and optionally SABAQ_AI_TIMEOUT_MS,
 * SABAQ_AI_RATE_PER_MINUTE). Null (assistant off) when the URL is not set; a URL without a model,
 * or a URL that is not http(s), is a configuration error and throws.
 */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AiConfig | null {
  const url = env.SABAQ_AI_URL?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`SABAQ_AI_URL is not a URL: "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`SABAQ_AI_URL must be http(s), got "${parsed.protocol}"`);
  const model = env.SABAQ_AI_MODEL?.trim();
  if (!model) throw new Error('SABAQ_AI_URL is set but SABAQ_AI_MODEL is not');
  const key = env.SABAQ_AI_KEY?.trim() || null;
  const timeoutMs = positiveInt(env, 'SABAQ_AI_TIMEOUT_MS');
  const ratePerMinute = positiveInt(env, 'SABAQ_AI_RATE_PER_MINUTE');
  return {
    url,
    key,
    model,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(ratePerMinute !== undefined ? { ratePerMinute } : {}),
  };
}
