/**
 * The AI assistant (spec §1 shell "AI chat" button, §7 `POST /api/v1/gpt`). Spread into the one
 * policy table (`API_ROUTES`). The shell shows the button to every signed-in user while the
 * `gpt-feature` flag is on, so every authenticated role may ask; anonymous callers get 401.
 */
export const AI_ROUTES = {
  'ai.gpt': {
    method: 'POST',
    path: '/api/v1/gpt',
    policy: 'authenticated',
    summary:
      'Ask the AI assistant (text 1..4000 chars, helperID); answer as sanitised HTML. 503 when no assistant is connected, 502/504 when it fails, 429 over the per-user rate',
  },
} as const;
