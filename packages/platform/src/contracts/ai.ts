import { z } from 'zod';
import { dataEnvelope } from './common';

/**
 * POST /api/v1/gpt (spec §7): the AI assistant. The server forwards the question to an
 * OpenAI-compatible chat-completions service configured on the server (apps/server/src/ai) and
 * answers with sanitised HTML. Off (503) when no service is configured; the `gpt-feature` flag
 * is then served as off too.
 */

/** Longest question, in characters after trimming. */
export const AI_TEXT_MAX = 4000;
/**
 * Longest raw `text` the schema admits: surrounding white space is trimmed before the
 * {@link AI_TEXT_MAX} check (whose message names the limit), so the raw field may be longer.
 */
export const AI_TEXT_RAW_MAX = 20_000;
/** The helper the shell's panel talks to (system prompts per helper live on the server). */
export const AI_DEFAULT_HELPER = 'platform';

export const GptRequestSchema = z
  .object({
    text: z.string().max(AI_TEXT_RAW_MAX),
    helperID: z.string().max(64).default(AI_DEFAULT_HELPER),
  })
  .strict();
export type GptRequest = z.input<typeof GptRequestSchema>;

export const GptResponseSchema = dataEnvelope(
  z.object({
    /** Only p, br, b/strong, i/em, ul/ol/li, code/pre, h3/h4; no attributes. */
    answer: z.string(),
    helperID: z.string(),
  }),
);
export type GptResponse = z.infer<typeof GptResponseSchema>;
