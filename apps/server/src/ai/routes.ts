import { AI_TEXT_MAX, ApiErrorSchema, GptRequestSchema, GptResponseSchema } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { AI_DEFAULT_RATE_PER_MINUTE } from './config';
import { AiError } from './errors';
import { isAiHelper, systemPrompt } from './helpers';
import { UserRateLimiter } from './limiter';
import { complete } from './provider';
import { sanitizeAnswer } from './sanitize';

/**
 * POST /api/v1/gpt: a question to the assistant configured in `ctx.config.ai`.
 *
 * 503 when none is configured; 422 for an unknown helper or a question that is empty or over
 * {@link AI_TEXT_MAX} characters after trimming; 429 (with Retry-After) over the per-user rate;
 * 504 when the service does not answer in time, 502 when it fails or answers something that is
 * not a chat completion. The question never reaches the log: only the helper, the outcome and
 * the time taken do.
 */
export function registerAiRoutes(app: App, ctx: AppContext): void {
  const config = ctx.config.ai;
  const limiter = new UserRateLimiter(config?.ratePerMinute ?? AI_DEFAULT_RATE_PER_MINUTE);
  defineRoute(app, ctx, 'ai.gpt', {
    body: GptRequestSchema,
    response: {
      200: GptResponseSchema,
      502: ApiErrorSchema,
      503: ApiErrorSchema,
      504: ApiErrorSchema,
    },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      if (!config) throw new AiError(503, 'ai_not_configured');
      const helperID = req.body.helperID;
      if (!isAiHelper(helperID)) throw new AiError(422, 'ai_helper_unknown', { field: 'helperID' });
      const text = req.body.text.trim();
      if (text === '') throw new AiError(422, 'ai_text_empty', { field: 'text' });
      // Characters as people count them (code points), not UTF-16 units.
      const length = [...text].length;
      if (length > AI_TEXT_MAX)
        throw new AiError(422, 'ai_text_too_long', {
          field: 'text',
          params: { max: AI_TEXT_MAX, length },
        });
      const slot = limiter.take(auth.userId);
      if (!slot.ok) {
        const seconds = Math.ceil(slot.retryAfterMs / 1000);
        reply.header('retry-after', seconds);
        throw new AiError(429, 'ai_rate_limited', { params: { seconds } });
      }

      // A caller who goes away stops the wait for the service too.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) gone.abort();
      };
      reply.raw.once('close', onClose);
      const started = performance.now();
      const result = await complete(
        config,
        { system: systemPrompt(helperID, req.locale, auth.role), user: text },
        gone.signal,
      ).finally(() => reply.raw.off('close', onClose));
      const ms = Math.round(performance.now() - started);
      if (!result.ok) {
        req.log.warn(
          {
            ai: {
              helper: helperID,
              // A caller who left aborts the call; that is not the service failing.
              outcome: gone.signal.aborted ? 'caller-gone' : result.kind,
              ms,
              ...('reason' in result ? { reason: result.reason, status: result.status } : {}),
            },
          },
          'assistant call failed',
        );
        if (result.kind === 'timeout') throw new AiError(504, 'ai_timeout');
        throw new AiError(502, 'ai_upstream_failed');
      }
      const answer = sanitizeAnswer(result.content);
      if (answer === '') {
        req.log.warn({ ai: { helper: helperID, outcome: 'empty', ms } }, 'assistant answer empty');
        throw new AiError(502, 'ai_upstream_failed');
      }
      req.log.info(
        { ai: { helper: helperID, outcome: 'ok', ms, chars: answer.length } },
        'assistant answered',
      );
      return { data: { answer, helperID } };
    },
  });
}
