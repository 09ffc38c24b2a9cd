import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { KitProvider } from '../kit/KitProvider';
import { IconPlugConnected } from '@tabler/icons-react';
import type { Lang } from '@sabaq/engine';
import { CLOSE_CODES, type ProviderStatus } from '@sabaq/collab';
import type { PresencePeer } from './presence';

const TEXT = {
  kz: {
    connecting: 'Қосылуда…',
    syncing: 'Үндестірілуде…',
    saved: 'Желіде · барлығы сақталды',
    saving: 'Желіде · сақталуда…',
    offline: 'Байланыс жоқ — өзгерістер құрылғыда сақталады',
    retryIn: (s: number) => `қайта қосылу ${s} с кейін`,
    retryNow: 'Қазір қосылу',
    readOnly: 'Тек оқу',
    closed: 'Байланыс тоқтатылды',
    [CLOSE_CODES.badToken]: 'Сессия аяқталды — қайта кіріңіз',
    [CLOSE_CODES.forbidden]: 'Бұл жобаны өңдеуге рұқсат жоқ',
    [CLOSE_CODES.unknownDraft]: 'Жоба табылмады немесе сізге ашылмаған',
    people: 'Жобада',
    you: 'сіз',
    split:
      'Серверлер арасындағы байланыс үзілді: басқа серверлердегі авторлар сіздің өзгерістеріңізді байланыс қалпына келгенде көреді. Өзгерістер сақталады.',
    unsaved:
      'Соңғы өзгерістеріңіз серверде сақталмады. Бұл бетті жаппаңыз: мәтінді көшіріп алыңыз немесе қайта кіріп, қайта енгізіңіз.',
  },
  ru: {
    connecting: 'Подключение…',
    syncing: 'Синхронизация…',
    saved: 'В сети · всё сохранено',
    saving: 'В сети · сохраняется…',
    offline: 'Нет связи — правки хранятся на устройстве',
    retryIn: (s: number) => `переподключение через ${s} с`,
    retryNow: 'Подключиться сейчас',
    readOnly: 'Только чтение',
    closed: 'Соединение остановлено',
    [CLOSE_CODES.badToken]: 'Сессия истекла — войдите снова',
    [CLOSE_CODES.forbidden]: 'Нет прав на редактирование этого черновика',
    [CLOSE_CODES.unknownDraft]: 'Черновик не найден или вам не открыт',
    people: 'В черновике',
    you: 'вы',
    split:
      'Связь между серверами прервана: соавторы на других серверах увидят ваши правки, когда она восстановится. Правки сохраняются.',
    unsaved:
      'Последние правки не сохранены на сервере. Не закрывайте страницу: скопируйте текст или войдите снова и внесите их заново.',
  },
} as const;

function closedText(lang: Lang, code: number | null): string {
  const t = TEXT[lang] as unknown as Record<number, string | undefined>;
  return (code !== null ? t[code] : undefined) ?? TEXT[lang].closed;
}

/** The connection state in words (kz/ru), with a "connect now" button while offline. */
export function CollabStatus(props: {
  status: ProviderStatus;
  lang: Lang;
  onReconnect?: () => void;
}) {
  const { status, lang, onReconnect } = props;
  const t = TEXT[lang];
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.state !== 'offline') return;
    const i = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(i);
  }, [status.state]);
  let text: string;
  if (status.state === 'online') text = status.saved ? t.saved : t.saving;
  else if (status.state === 'offline') {
    const secs = status.retryAt ? Math.max(0, Math.ceil((status.retryAt - now) / 1000)) : 0;
    text = `${t.offline}; ${t.retryIn(secs)}`;
  } else if (status.state === 'closed') text = closedText(lang, status.closeCode);
  else text = status.state === 'connecting' ? t.connecting : t.syncing;
  return (
    <KitProvider>
      <div className="collab-status" data-state={status.state} role="status" aria-live="polite">
        <span className="collab-status__dot" aria-hidden="true" />
        <span>{text}</span>
        {status.access === 'view' ? (
          <span className="collab-status__badge">{t.readOnly}</span>
        ) : null}
        {status.split && status.state === 'online' ? (
          <span className="collab-status__notice">{t.split}</span>
        ) : null}
        {status.state === 'offline' && onReconnect ? (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPlugConnected size={14} aria-hidden />}
            onClick={onReconnect}
          >
            {t.retryNow}
          </Button>
        ) : null}
      </div>
      {status.state === 'closed' && !status.saved ? (
        // Stopped for good with edits the server never stored: the one case the client cannot
        // repair by itself, so the person hears it plainly.
        <div className="collab-status__lost" role="alert">
          {t.unsaved}
        </div>
      ) : null}
    </KitProvider>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '');
}

/** Who is in the draft and which module each is editing. */
export function PresenceBar(props: {
  peers: readonly PresencePeer[];
  lang: Lang;
  moduleLabel?: (moduleId: string) => string | null;
}) {
  const { peers, lang, moduleLabel } = props;
  const t = TEXT[lang];
  return (
    <ul className="collab-presence" aria-label={t.people}>
      {peers.map((p) => {
        const where = p.moduleId ? (moduleLabel?.(p.moduleId) ?? null) : null;
        const label = `${p.user.name}${p.self ? ` (${t.you})` : ''}${where ? ` — ${where}` : ''}`;
        return (
          <li key={p.clientId} title={label} data-module={p.moduleId ?? undefined}>
            <span
              aria-hidden="true"
              style={{
                background: p.user.color,
                color: '#fff',
                borderRadius: '50%',
                display: 'inline-block',
                width: '2em',
                height: '2em',
                lineHeight: '2em',
                textAlign: 'center',
                fontWeight: 600,
              }}
            >
              {initials(p.user.name).toUpperCase()}
            </span>
            <span className="visually-hidden">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
