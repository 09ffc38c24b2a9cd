import { z } from 'zod';
import type { AiConfig } from './config';
import { AI_DEFAULT_TIMEOUT_MS, completionsUrl } from './config';

/**
 * The client of an OpenAI-compatible chat-completions service: one system and one user message
 * in, the first choice's text out. Failures come back as a kind, never as the service's body (it
 * may echo the question), so callers can answer 502/504 and log without the user's words.
 */
export type CompletionResult =
  | { ok: true; content: string; model: string | null }
  | { ok: false; kind: 'timeout' }
  | {
      ok: false;
      kind: 'upstream';
      /** What went wrong, for the log (no request or response text). */
      reason: 'network' | 'status' | 'body';
      status?: number;
    };

/** The part of a chat-completions response the assistant reads. */
const CompletionSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

/** Answers above this are not an answer (a runaway or a wrong endpoint). */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
/** Enough for a lesson plan; a long answer is cut by the service, not waited for forever. */
const MAX_TOKENS = 1500;

export async function complete(
  config: AiConfig,
  messages: { system: string; user: string },
  signal?: AbortSignal,
): Promise<CompletionResult> {
  const timeoutMs = config.timeoutMs ?? AI_DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    let res: Response;
    try {
      res = await fetch(completionsUrl(config), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          messages: [
            { role: 'system', content: messages.system },
            { role: 'user', content: messages.user },
          ],
          temperature: 0.4,
          max_tokens: MAX_TOKENS,
          stream: false,
        }),
        signal: controller.signal,
        redirect: 'error',
      });
    } catch {
      return timedOut
        ? { ok: false, kind: 'timeout' }
        : { ok: false, kind: 'upstream', reason: 'network' };
    }
    let text: string;
    try {
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > MAX_RESPONSE_BYTES) {
        await res.body?.cancel();
        return { ok: false, kind: 'upstream', reason: 'body', status: res.status };
      }
      text = await res.text();
    } catch {
      return timedOut
        ? { ok: false, kind: 'timeout' }
        : { ok: false, kind: 'upstream', reason: 'network' };
    }
    if (!res.ok) return { ok: false, kind: 'upstream', reason: 'status', status: res.status };
    if (text.length > MAX_RESPONSE_BYTES)
      return { ok: false, kind: 'upstream', reason: 'body', status: res.status };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, kind: 'upstream', reason: 'body', status: res.status };
    }
    const parsed = CompletionSchema.safeParse(json);
    const content = parsed.success ? parsed.data.choices[0]?.message.content : null;
    if (!parsed.success || typeof content !== 'string' || content.trim() === '')
      return { ok: false, kind: 'upstream', reason: 'body', status: res.status };
    return { ok: true, content, model: parsed.data.model ?? null };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
