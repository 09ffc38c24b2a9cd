import '../app/styles-kit';
import { Alert, Button, Drawer, Loader, Stack, Textarea } from '@mantine/core';
import { AI_DEFAULT_HELPER, AI_TEXT_MAX, type GptResponse } from '@sabaq/platform';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, api } from '../app/services';

const ALLOWED = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'UL',
  'OL',
  'LI',
  'CODE',
  'PRE',
  'H3',
  'H4',
]);

/** The assistant answers in HTML; only plain formatting tags survive, everything else becomes text. */
export function sanitizeAnswer(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) {
      const span = document.createElement('span');
      span.textContent = node.textContent ?? '';
      return span.innerHTML;
    }
    if (!(node instanceof Element)) return '';
    const inner = [...node.childNodes].map(walk).join('');
    if (!ALLOWED.has(node.tagName)) return inner;
    const tag = node.tagName.toLowerCase();
    return tag === 'br' ? '<br>' : `<${tag}>${inner}</${tag}>`;
  };
  return [...(doc.body.firstElementChild?.childNodes ?? [])].map(walk).join('');
}

interface Exchange {
  readonly id: number;
  readonly question: string;
  /** null while waiting. */
  readonly answer: string | null;
  /** The server's message when the question got no answer. */
  readonly error: string | null;
}

/** Spec §1 AI assistant: overlay on the main page, side panel elsewhere; hints until the first
 * request; a loader while waiting; an empty query is ignored. Enter sends, Shift+Enter starts a
 * new line. A question that got no answer shows the server's reason (not connected, too slow,
 * too many questions, too long…) and comes back into the field to be sent again. */
export default function AiPanel({ onClose, overlay }: { onClose: () => void; overlay: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [history, setHistory] = useState<Exchange[]>([]);
  const [waiting, setWaiting] = useState(false);
  const nextId = useRef(0);
  const field = useRef<HTMLTextAreaElement>(null);

  const ask = async (raw: string) => {
    const question = raw.trim();
    if (!question || waiting) return;
    const id = nextId.current++;
    setText('');
    setWaiting(true);
    // A question sent again replaces its failed exchange.
    setHistory((h) => [
      ...h.filter((x) => !(x.error !== null && x.question === question)),
      { id, question, answer: null, error: null },
    ]);
    const result = await api.post<GptResponse>(
      API.gpt,
      { text: question, helperID: AI_DEFAULT_HELPER },
      { handle: 'silent', external: true },
    );
    const settled: Exchange = result.error
      ? { id, question, answer: null, error: errorText(result.data) ?? t('notify.error.text') }
      : { id, question, answer: result.data.data.answer, error: null };
    setHistory((h) => h.map((x) => (x.id === id ? settled : x)));
    setWaiting(false);
    if (settled.error !== null) {
      // Keep the question for another try, unless a new one is being typed.
      setText((current) => (current.trim() === '' ? question : current));
      field.current?.focus();
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    void ask(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void ask(text);
  };

  const length = [...text.trim()].length;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      title={t('header.aiChat')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      withOverlay={overlay}
      lockScroll={overlay}
    >
      <Stack>
        {history.length === 0 ? (
          <div className="ai-hints">
            <p>{t('ai.hints')}</p>
            <ul>
              {(['ai.hint.lesson', 'ai.hint.task', 'ai.hint.explain'] as const).map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      setText(t(key));
                      field.current?.focus();
                    }}
                  >
                    {t(key)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <div className="ai-history" aria-live="polite">
            {history.map((x) => (
              <div key={x.id} className="ai-exchange">
                <p className="ai-question">{x.question}</p>
                {x.error !== null ? (
                  <Alert color="red" variant="light" title={t('ai.failed')} className="ai-error">
                    <Stack gap="xs" align="flex-start">
                      <span>{x.error}</span>
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        disabled={waiting}
                        onClick={() => void ask(x.question)}
                      >
                        {t('ai.retry')}
                      </Button>
                    </Stack>
                  </Alert>
                ) : x.answer === null ? (
                  <Loader size="sm" aria-label={t('app.loading')} />
                ) : (
                  <div
                    className="ai-answer"
                    dangerouslySetInnerHTML={{ __html: sanitizeAnswer(x.answer) }}
                  />
                )}
              </div>
            ))}
          </div>
        )}
        <form onSubmit={send}>
          <Stack>
            <Textarea
              ref={field}
              label={t('ai.question')}
              description={
                length > AI_TEXT_MAX * 0.9
                  ? `${t('ai.keys')} · ${length} / ${AI_TEXT_MAX}`
                  : t('ai.keys')
              }
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              autosize
              minRows={2}
              maxRows={10}
            />
            <Button type="submit" disabled={waiting}>
              {t('ai.send')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}

/** The server's words for a failure: its message, else the first field error. */
function errorText(
  body: { message?: string; errors?: Readonly<Record<string, readonly string[]>> } | null,
): string | null {
  if (body?.message) return body.message;
  for (const list of Object.values(body?.errors ?? {})) if (list[0]) return list[0];
  return null;
}
