import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import type { ChatContact, ChatMessage, FileRef } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import { OFFLINE_TEXTS } from '../../offline/offline-texts';
import { useOutbox } from '../../offline/useOutbox';
import { useAppState } from '../../session/store';
import { displayDateTime, failure, path, urlLang, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { FileList, FilePicker } from '../shared/files';
import { useChatSocket } from './useChatSocket';
import { featureBlockOn } from '../../app/feature-blocks';

/** How often the chat asks for new messages when the sockets block is off. */
const CHAT_POLL_MS = 10_000;
import '../shared/teaching.css';
import { pathTo } from '../shared/named';

/**
 * Teacher–student chat. Staff: control/chat and control/chat/{groupId}/{userId}; students: chat
 * and chat/{teacherId}. Contacts with unread counts on the left, the dialog on the right; new
 * messages arrive over the socket, older ones page in from the server.
 */
export default function Chat() {
  const t = teachingText();
  const lang = urlLang();
  const params = useParams();
  const me = useAppState((s) => s.user);
  const student = me?.role === 'student';
  const peerId = Number(student ? params.teacherId : params.userId) || null;
  const contacts = useLoad<{ contacts: ChatContact[]; unread: number }>(path('chat.contacts'));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<FileRef[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const o = OFFLINE_TEXTS[currentUiLang()];

  const markRead = async (id: number) => {
    await api.post(path('chat.read', { peerId: id }), undefined, { handle: 'silent' });
    void contacts.reload();
  };

  // Issue 31: messages written without the network wait in the outbox (one scope per dialog),
  // shown at the end of the dialog as waiting, across reloads; once sent, the dialog is read
  // again from the server and they stand there as ordinary messages.
  const scope = `chat:${peerId ?? 0}`;
  const waiting = useOutbox(scope, {
    onSent: () => {
      setNotice(null);
      if (peerId !== null) void loadHistory(peerId);
    },
    // Refused once the link was back (the contact gone…): the reason, and the text back in the
    // box unless something else is being written there.
    onRefused: (w) => {
      setError(w.refused ?? null);
      setText((now) => now || ((w.body as { text?: string }).text ?? ''));
    },
  });
  const waitingNow = useRef(0);
  waitingNow.current = waiting.length;

  const sockets = featureBlockOn('sockets');
  const connected = useChatSocket((e) => {
    if (e.type === 'message') {
      const m = e.message;
      const other = m.senderId === me?.userId ? m.recipientId : m.senderId;
      // One of ours while some still wait: most likely a waiting one just sent, still shown as
      // waiting — the dialog is read again once the outbox says so (never shown twice).
      if (m.senderId === me?.userId && other === peerId && waitingNow.current > 0) return;
      if (other === peerId) {
        setMessages((prev) => (prev.some((x) => x.id === m.id) ? prev : [...prev, m]));
        if (m.senderId === peerId) void markRead(peerId);
      } else void contacts.reload();
    } else if (e.type === 'read' && e.readerId === peerId) {
      setMessages((prev) =>
        prev.map((m) =>
          m.recipientId === peerId && !m.readAt ? { ...m, readAt: new Date().toISOString() } : m,
        ),
      );
    }
  });

  const loadHistory = async (id: number) => {
    const r = await api.get<{ data: { messages: ChatMessage[]; hasMore: boolean } }>(
      path('chat.history', { peerId: id }),
      { handle: 'silent' },
    );
    if (r.error) setError(failure(r));
    else {
      setError(null);
      setMessages(r.data.data.messages);
      setHasMore(r.data.data.hasMore);
      void markRead(id);
    }
  };

  useEffect(() => {
    setMessages([]);
    setNotice(null);
    if (peerId === null) return;
    void loadHistory(peerId);
    // load on peer change
  }, [peerId]);

  useEffect(() => {
    // Without the sockets block (spec §4) new messages arrive by polling instead.
    if (sockets || peerId === null) return;
    const timer = setInterval(() => {
      void loadHistory(peerId);
      void contacts.reload();
    }, CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [peerId]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, waiting.length]);

  const older = async () => {
    if (peerId === null || messages.length === 0) return;
    const r = await api.get<{ data: { messages: ChatMessage[]; hasMore: boolean } }>(
      path('chat.history', { peerId }),
      {
        query: { before: messages[0]!.id },
        handle: 'silent',
      },
    );
    if (!r.error) {
      setMessages((prev) => [...r.data.data.messages, ...prev]);
      setHasMore(r.data.data.hasMore);
    }
  };

  const send = async () => {
    if (peerId === null || (!text.trim() && files.length === 0)) return;
    const url = path('chat.send', { peerId });
    const body = { text, files: files.map((f) => f.id) };
    const outbox = await import('../../offline/outbox');
    // One id for this message, whether it goes now or from the outbox later: sent once.
    const opId = outbox.newOpId();
    /** Keeps the message on this device, to be sent when the link is back. */
    const queue = async () => {
      try {
        await outbox.enqueue({ opId, method: 'POST', path: url, body, scope });
      } catch {
        // The device cannot keep it (no IndexedDB): the text stays in the box, said so.
        setError(o.offline);
        return;
      }
      setText('');
      setFiles([]);
      setError(null);
      setNotice(o.messageQueued);
    };
    // Messages of this dialog still waiting go first: a new one joins them, keeping the order.
    if (waiting.length > 0) {
      await queue();
      void outbox.drain();
      return;
    }
    const r = await api.post<{ data: ChatMessage }>(url, body, {
      handle: 'form',
      headers: { 'X-Client-Op': opId },
    });
    if (r.error && r.errorType === 'network') {
      await queue();
      return;
    }
    if (r.error) {
      setError(failure(r));
      return;
    }
    setText('');
    setFiles([]);
    setError(null);
    setMessages((prev) =>
      prev.some((x) => x.id === r.data.data.id) ? prev : [...prev, r.data.data],
    );
  };

  const peer = contacts.data?.contacts.find((c) => c.id === peerId) ?? null;
  const linkTo = (c: ChatContact) =>
    student ? `/${lang}/chat/${c.id}` : `/${lang}/control/chat/${c.group?.id ?? 0}/${c.id}`;
  return (
    <section className="tch-page" aria-labelledby="chat-h">
      <Group gap="sm" align="center">
        <Title order={1} id="chat-h">
          {t('chat')}
        </Title>
        {contacts.data && contacts.data.unread > 0 && (
          <Badge color="red" circle size="lg" aria-label={`${contacts.data.unread} ${t('unread')}`}>
            {contacts.data.unread}
          </Badge>
        )}
      </Group>
      <Text c="var(--sabaq-muted)" size="sm" role="status">
        {!sockets ? t('polling') : connected ? t('live') : t('offline')}
      </Text>
      <div className={peerId === null ? 'tch-chat' : 'tch-chat tch-chat-open'}>
        <nav aria-label={t('contacts')}>
          {contacts.data?.contacts.length === 0 && <p className="tch-muted">{t('noContacts')}</p>}
          <ul className="tch-contacts">
            {(contacts.data?.contacts ?? []).map((c) => (
              <li key={c.id}>
                <Link to={linkTo(c)} aria-current={c.id === peerId ? 'page' : undefined}>
                  <span>
                    {c.fullname}
                    <br />
                    <span className="tch-muted">
                      {c.group ? c.group.name : c.subjects.join(', ')}
                    </span>
                  </span>
                  {c.unread > 0 && (
                    <Badge color="red" circle aria-label={`${c.unread} ${t('unread')}`}>
                      {c.unread}
                    </Badge>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="tch-dialog">
          {peerId === null ? (
            <p className="tch-muted">{t('chooseContact')}</p>
          ) : (
            <>
              <Link
                className="tch-chat-back"
                to={student ? pathTo('VStudentChatPage') : pathTo('VTeacherChatPage')}
              >
                <IconArrowLeft size={18} stroke={1.75} aria-hidden /> {t('contacts')}
              </Link>
              <Title order={2} size="h3">
                {peer?.fullname ?? ''}
              </Title>
              {hasMore && (
                <Group>
                  <Button variant="light" onClick={() => void older()}>
                    {t('older')}
                  </Button>
                </Group>
              )}
              <ol
                className="tch-messages"
                ref={list}
                aria-live="polite"
                aria-label={`${t('chat')}: ${peer?.fullname ?? ''}`}
              >
                {messages.map((m) => (
                  <li
                    key={m.id}
                    className={`tch-msg${m.senderId === me?.userId ? ' tch-mine' : ''}`}
                  >
                    {m.text && <span style={{ whiteSpace: 'pre-wrap' }}>{m.text}</span>}
                    <FileList files={m.files} />
                    <br />
                    <span className="tch-muted">
                      {displayDateTime(m.at)}
                      {m.senderId === me?.userId && m.readAt ? ` · ${t('read')}` : ''}
                    </span>
                  </li>
                ))}
                {waiting.map((w) => {
                  const b = w.body as { text: string; files: number[] };
                  return (
                    <li
                      key={`waiting-${w.seq}`}
                      className="tch-msg tch-mine tch-waiting"
                      data-waiting="true"
                    >
                      {b.text && <span style={{ whiteSpace: 'pre-wrap' }}>{b.text.trim()}</span>}
                      {b.files.length > 0 && (
                        <span className="tch-muted"> 📎 {b.files.length}</span>
                      )}
                      <br />
                      <span className="tch-muted">
                        {displayDateTime(new Date(w.at).toISOString())} · {o.messageWaiting}
                      </span>
                    </li>
                  );
                })}
              </ol>
              <form
                className="tch-page"
                onSubmit={(e) => {
                  e.preventDefault();
                  void send();
                }}
              >
                <Textarea
                  label={t('message')}
                  autosize
                  minRows={2}
                  maxRows={6}
                  value={text}
                  maxLength={4000}
                  onChange={(e) => setText(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey) {
                      e.preventDefault();
                      void send();
                    }
                  }}
                />
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <FilePicker files={files} onChange={setFiles} use="chat" />
                  <Button
                    type="submit"
                    rightSection={<IconSend size={18} stroke={1.75} aria-hidden />}
                  >
                    {t('send')}
                  </Button>
                </Group>
              </form>
              {error && <p role="alert">{error}</p>}
              {notice && !error && <p role="status">{notice}</p>}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
