/**
 * Builder dictionaries (issue 6): the entries a draft's `dictionaries` reference, titled in kz
 * and ru. Skill levels follow the Bloom-based levels of Kazakhstan's criteria-based assessment;
 * speech activities are the four of the language curricula.
 */
export const BUILDER_DICTIONARY_KINDS = [
  'skillLevels',
  'taskTypes',
  'themeTypes',
  'speechActivities',
] as const;
export type BuilderDictionaryKind = (typeof BUILDER_DICTIONARY_KINDS)[number];

interface Entry {
  readonly id: string;
  readonly kz: string;
  readonly ru: string;
}

export const BUILDER_DICTIONARIES: Record<BuilderDictionaryKind, readonly Entry[]> = {
  skillLevels: [
    { id: 'knowledge', kz: 'Білу және түсіну', ru: 'Знание и понимание' },
    { id: 'application', kz: 'Қолдану', ru: 'Применение' },
    { id: 'higher-order', kz: 'Жоғары деңгей дағдылары', ru: 'Навыки высокого порядка' },
  ],
  taskTypes: [
    { id: 'single-choice', kz: 'Бір дұрыс жауапты тапсырма', ru: 'Задание с одним верным ответом' },
    {
      id: 'multiple-choice',
      kz: 'Бірнеше дұрыс жауапты тапсырма',
      ru: 'Задание с несколькими верными ответами',
    },
    { id: 'matching', kz: 'Сәйкестендіру', ru: 'Установление соответствия' },
    { id: 'ordering', kz: 'Реттілікті анықтау', ru: 'Установление последовательности' },
    { id: 'gap-fill', kz: 'Бос орынды толтыру', ru: 'Заполнение пропусков' },
    { id: 'true-false', kz: 'Дұрыс/бұрыс', ru: 'Верно/неверно' },
    { id: 'short-answer', kz: 'Қысқа жауапты тапсырма', ru: 'Задание с кратким ответом' },
    { id: 'open-answer', kz: 'Толық жауапты тапсырма', ru: 'Задание с развёрнутым ответом' },
  ],
  themeTypes: [
    { id: 'new-material', kz: 'Жаңа білімді меңгеру', ru: 'Изучение нового материала' },
    { id: 'consolidation', kz: 'Білімді бекіту', ru: 'Закрепление знаний' },
    { id: 'combined', kz: 'Аралас сабақ', ru: 'Комбинированный урок' },
    { id: 'generalisation', kz: 'Қорытындылау', ru: 'Обобщение и систематизация' },
    { id: 'assessment', kz: 'Білімді бақылау', ru: 'Контроль знаний' },
  ],
  speechActivities: [
    { id: 'listening', kz: 'Тыңдалым', ru: 'Аудирование' },
    { id: 'speaking', kz: 'Айтылым', ru: 'Говорение' },
    { id: 'reading', kz: 'Оқылым', ru: 'Чтение' },
    { id: 'writing', kz: 'Жазылым', ru: 'Письмо' },
  ],
};

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export const BUILDER_DICTIONARIES_SQL = `CREATE TABLE builder_dictionary_entries (
  kind text NOT NULL CHECK (kind IN (${BUILDER_DICTIONARY_KINDS.map(lit).join(', ')})),
  id text NOT NULL,
  title_kz text NOT NULL,
  title_ru text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (kind, id)
);
INSERT INTO builder_dictionary_entries (kind, id, title_kz, title_ru, position) VALUES
${BUILDER_DICTIONARY_KINDS.flatMap((kind) =>
  BUILDER_DICTIONARIES[kind].map(
    (e, i) => `  (${lit(kind)}, ${lit(e.id)}, ${lit(e.kz)}, ${lit(e.ru)}, ${i + 1})`,
  ),
).join(',\n')};`;
