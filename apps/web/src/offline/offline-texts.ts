import type { UiLang } from '@sabaq/platform';

/** The offline banner's words (issue 31), kept with its lazy chunk, not in the first visit's catalogue. */
export const OFFLINE_TEXTS = {
  kz: {
    offline: 'Интернет байланысы жоқ.',
    kept: 'Осы құрылғыда сақталған деректер көрсетілген',
    syncedAt: 'соңғы синхрондау: {at}',
    back: 'Интернет байланысы қалпына келді.',
    waiting: 'Жіберуді күтіп тұрған өзгерістер: {count}',
    allSent: 'Барлық өзгерістер серверге жіберілді.',
    queued: 'Интернет жоқ: өзгеріс осы құрылғыда сақталды, байланыс қалпына келгенде жіберіледі',
    conflictTitle: 'Сіз желісіз жұмыс істегенде бұл ұяшықтарды басқа біреу өзгертті',
    conflictRow: '{cell}: {by} қойғаны — «{theirs}», сіздікі — «{mine}»',
    keepMine: 'Менікін қалдыру',
    takeTheirs: 'Оныкін қалдыру',
    empty: 'бос',
    logoutTitle: 'Жіберілмеген өзгерістер бар',
    logoutText:
      'Серверге әлі жетпеген өзгерістер: {count}. Қазір шықсаңыз, олар осы құрылғыдан өшіріледі. Интернет қалпына келгенше күте тұрыңыз.',
  },
  ru: {
    offline: 'Нет связи с интернетом.',
    kept: 'Показаны данные, сохранённые на этом устройстве',
    syncedAt: 'последняя синхронизация: {at}',
    back: 'Связь с интернетом восстановлена.',
    waiting: 'Изменений ждут отправки: {count}',
    allSent: 'Все изменения отправлены на сервер.',
    queued:
      'Нет интернета: изменение сохранено на этом устройстве и будет отправлено, когда связь вернётся',
    conflictTitle: 'Пока вы работали без сети, эти ячейки изменил кто-то другой',
    conflictRow: '{cell}: у {by} — «{theirs}», у вас — «{mine}»',
    keepMine: 'Оставить моё',
    takeTheirs: 'Оставить их значение',
    empty: 'пусто',
    logoutTitle: 'Есть неотправленные изменения',
    logoutText:
      'Изменений ещё не дошло до сервера: {count}. Если выйти сейчас, они будут удалены с этого устройства. Лучше дождитесь связи.',
  },
} as const satisfies Record<UiLang, Record<string, string>>;

export type OfflineTextKey = keyof (typeof OFFLINE_TEXTS)['kz'];
