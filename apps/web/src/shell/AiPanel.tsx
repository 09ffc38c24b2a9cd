import { Button, Drawer, Loader, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
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
  readonly question: string;
  readonly answer: string | null;
}

/** Spec §1 AI assistant: overlay on the main page, side panel elsewhere; hints until the first
 * request; a loader while waiting; an empty query is ignored. */
export default function AiPanel({ onClose, overlay }: { onClose: () => void; overlay: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [history, setHistory] = useState<Exchange[]>([]);
  const [waiting, setWaiting] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (!question || waiting) return;
    setText('');
    setWaiting(true);
    setHistory((h) => [...h, { question, answer: null }]);
    const result = await api.post<{ answer?: string; data?: { answer?: string } }>(API.gpt, {
      text: question,
      helperID: 'platform',
    });
    const answer = result.error
      ? t('notify.error.text')
      : (result.data.answer ?? result.data.data?.answer ?? '');
    setHistory((h) => h.map((x, i) => (i === h.length - 1 ? { question, answer } : x)));
    setWaiting(false);
  };

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
                    onClick={() => setText(t(key))}
                  >
                    {t(key)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          history.map((x, i) => (
            <div key={i} className="ai-exchange">
              <p className="ai-question">{x.question}</p>
              {x.answer === null ? (
                <Loader size="sm" aria-label={t('app.loading')} />
              ) : (
                <div
                  className="ai-answer"
                  dangerouslySetInnerHTML={{ __html: sanitizeAnswer(x.answer) }}
                />
              )}
            </div>
          ))
        )}
        <form onSubmit={send}>
          <Stack>
            <Textarea
              label={t('ai.question')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={2}
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
