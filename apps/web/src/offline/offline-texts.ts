import type { UiLang } from '@sabaq/platform';

/** The offline banner's words (issue 31), kept with its lazy chunk, not in the first visit's catalogue. */
export const OFFLINE_TEXTS = {
  kz: {
    offline: 'Интернет байланысы жоқ.',
    kept: 'Осы құрылғыда сақталған деректер көрсетілген',
    syncedAt: 'соңғы синхрондау: {at}',
    back: 'Интернет байланысы қалпына келді.',
  },
  ru: {
    offline: 'Нет связи с интернетом.',
    kept: 'Показаны данные, сохранённые на этом устройстве',
    syncedAt: 'последняя синхронизация: {at}',
    back: 'Связь с интернетом восстановлена.',
  },
} as const satisfies Record<UiLang, Record<string, string>>;

export type OfflineTextKey = keyof (typeof OFFLINE_TEXTS)['kz'];
