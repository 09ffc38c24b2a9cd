import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Textarea, VisuallyHidden } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { LESSON_CHAT_TEXT_MAX } from '@sabaq/platform';
import type { LessonChatMessage, LessonChatServerEvent } from '@sabaq/platform';
import { api } from '../../app/services';
import { featureBlockOn } from '../../app/feature-blocks';
import { useAppState } from '../../session/store';
import { displayDateTime, failure, path, socketUrl } from '../shared/api';
import { lessonChatText } from './lesson-chat-texts';
import './lesson-chat.css';

/** How often the panel asks for new messages when the sockets block is off. */
const POLL_MS = 10_000;

interface Page {
  messages: LessonChatMessage[];
  hasMore: boolean;
  canDelete: boolean;
}

/** Messages by id, oldest first; a newer copy (a deletion) replaces the older one. */
function merge(list: LessonChatMessage[], more: LessonChatMessage[]): LessonChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The lesson chat (issue 20, spec §4 `lesson-chat`): the lesson's teacher and pupils talk beside
 * every tab. The history comes over HTTP (a late joiner reads what was said), new messages over
 * the lesson chat socket; Enter sends, Shift+Enter starts a new line; a message from someone else
 * is announced politely and never takes the focus. Hidden when the block is off and for whoever
 * is not a participant (a director reading the lesson).
 */
export function LessonChat({ lessonId }: { lessonId: number }) {
  if (!featureBlockOn('lesson-chat')) return null;
  return <Panel lessonId={lessonId} />;
}

function Panel({ lessonId }: { lessonId: number }) {
  const t = lessonChatText();
  const me = useAppState((s) => s.user);
  const [state, setState] = useState<'loading' | 'ready' | 'hidden'>('loading');
  const [messages, setMessages] = useState<LessonChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [canDelete, setCanDelete] = useState(false);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [offline, setOffline] = useState(false);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  /** Older pages were read: a refresh of the newest page does not decide `hasMore` then. */
  const pagedBack = useRef(false);
  const url = path('lessonChat.history', { scheduleId: lessonId });

  const load = async (before?: number) => {
    const r = await api.get<{ data: Page }>(url, {
      query: { before, limit: 50 },
      handle: 'silent',
    });
    if (r.error) {
      // Not a participant (403) or not this user's lesson (404): no chat on the page.
      if (r.status === 403 || r.status === 404) setState('hidden');
      else setError(failure(r));
      return;
    }
    setError(null);
    const got = r.data.data.messages;
    setMessages((prev) => merge(prev, Array.isArray(got) ? got : []));
    if (before !== undefined) pagedBack.current = true;
    if (before !== undefined || !pagedBack.current) setHasMore(r.data.data.hasMore);
    setCanDelete(r.data.data.canDelete);
    setState('ready');
  };

  useEffect(() => {
    setMessages([]);
    pagedBack.current = false;
    setState('loading');
    void load();
  }, [lessonId]);

  // Live, once the history answered (so a non-participant opens nothing): the lesson chat socket,
  // or a poll without the sockets block.
  const live = state === 'ready';
  useEffect(() => {
    if (!live) return;
    if (!featureBlockOn('sockets')) {
      const timer = setInterval(() => void load(), POLL_MS);
      return () => clearInterval(timer);
    }
    let ws: WebSocket | null = null;
    let stopped = false;
    let delay = 1000;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      ws = new WebSocket(socketUrl(`/ws/lesson-chat/${lessonId}`));
      ws.onmessage = (e) => {
        const event = JSON.parse(String(e.data)) as LessonChatServerEvent;
        if (event.type === 'ready') {
          setOffline(false);
          delay = 1000;
          // Whatever was said while the socket was away.
          void load();
          return;
        }
        const m = event.message;
        if (m.lessonId !== lessonId) return;
        setMessages((prev) => merge(prev, [m]));
        if (event.type === 'message' && m.sender.id !== me?.userId)
          setAnnounce(t('newFrom', { name: m.sender.fullname, text: m.text }));
      };
      ws.onclose = (e) => {
        if (stopped) return;
        setOffline(true);
        // 4403/4404: not a participant — retrying would not help.
        if (e.code === 4403 || e.code === 4404 || e.code === 4401) return;
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
    };
  }, [lessonId, live]);

  // Follow the conversation while the reader is at its end; leave them be when scrolled back.
  useEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  if (state === 'hidden') return null;

  const send = async () => {
    if (sending) return;
    setSending(true);
    const r = await api.post<{ data: LessonChatMessage }>(
      path('lessonChat.send', { scheduleId: lessonId }),
      { text },
      { handle: 'silent' },
    );
    setSending(false);
    if (r.error) {
      setFieldError(failure(r));
      return;
    }
    setFieldError(null);
    setText('');
    stick.current = true;
    setMessages((prev) => merge(prev, [r.data.data]));
  };

  const remove = async (m: LessonChatMessage) => {
    const r = await api.request<{ data: LessonChatMessage }>(
      'DELETE',
      path('lessonChat.delete', { scheduleId: lessonId, messageId: m.id }),
      { handle: 'silent' },
    );
    if (r.error) setError(failure(r));
    else setMessages((prev) => merge(prev, [r.data.data]));
  };

  return (
    <section className="lchat" aria-labelledby="lchat-h">
      <h2 id="lchat-h" className="lchat-title">
        {t('title')}
      </h2>
      {hasMore && (
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => {
            stick.current = false;
            void load(messages[0]?.id);
          }}
        >
          {t('older')}
        </Button>
      )}
      {state === 'loading' ? (
        <p className="lchat-muted">{t('loading')}</p>
      ) : messages.length === 0 ? (
        <p className="lchat-muted">{t('empty')}</p>
      ) : (
        <ol
          ref={list}
          className="lchat-list"
          aria-labelledby="lchat-h"
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
        >
          {messages.map((m) => (
            <li key={m.id} className={m.sender.id === me?.userId ? 'lchat-mine' : undefined}>
              <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
                <div className="lchat-meta">
                  <strong>{m.sender.fullname}</strong>
                  {m.fromTeacher && (
                    <Badge size="xs" variant="light" ml={6}>
                      {t('teacher')}
                    </Badge>
                  )}{' '}
                  <time dateTime={m.at} className="lchat-muted">
                    {displayDateTime(m.at)}
                  </time>
                </div>
                {canDelete && !m.deleted && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={t('deleteOf', { name: m.sender.fullname })}
                    onClick={() => void remove(m)}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              {m.deleted ? (
                <p className="lchat-deleted">{t('deleted')}</p>
              ) : (
                <p className="lchat-text">{m.text}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <VisuallyHidden>
        <div role="status" aria-live="polite" aria-atomic="true">
          {announce}
        </div>
      </VisuallyHidden>
      {offline && <p className="lchat-muted">{t('offline')}</p>}
      {error && <p role="alert">{error}</p>}
      <form
        className="lchat-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Textarea
          label={t('label')}
          description={t('hint')}
          value={text}
          error={fieldError}
          rows={2}
          maxLength={LESSON_CHAT_TEXT_MAX + 100}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button
          type="submit"
          loading={sending}
          leftSection={<IconSend size={16} aria-hidden />}
          className="lchat-send"
        >
          {t('send')}
        </Button>
      </form>
    </section>
  );
}
