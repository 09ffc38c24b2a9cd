/**
 * Job titles of the demo staff in Russian, keyed by the Kazakh title. A person's position is shown
 * in the interface's language (user-info reads `position_ru` for ru), so the Russian interface
 * never shows a Kazakh title. Real schools enter both in the personnel screens (issue 13).
 */
export const POSITION_RU: Readonly<Record<string, string>> = {
  'Балабақша меңгерушісі': 'Заведующая детским садом',
  'Білім басқармасының әдіскері': 'Методист управления образования',
  'Білім бөлімінің бас маманы': 'Главный специалист отдела образования',
  'Директордың оқу ісі жөніндегі орынбасары': 'Заместитель директора по учебной работе',
  'Жеке оқытушы': 'Частный преподаватель',
  'Математика пәнінің мұғалімі': 'Учитель математики',
  'Мектеп директоры': 'Директор школы',
  'Министрліктің сарапшысы': 'Эксперт министерства',
  'Сынып жетекшісі, қазақ тілі мұғалімі': 'Классный руководитель, учитель казахского языка',
  Тәрбиеші: 'Воспитатель',
  'Физика пәнінің мұғалімі': 'Учитель физики',
  Әдіскер: 'Методист',
};

/** SQL that fills `position_ru` of existing rows from the same table (migration 1800). */
export function positionRuBackfill(): string {
  const pairs = Object.entries(POSITION_RU)
    .map(([kz, ru]) => `('${kz.replaceAll("'", "''")}', '${ru.replaceAll("'", "''")}')`)
    .join(',\n  ');
  return `UPDATE users u SET position_ru = t.ru FROM (VALUES\n  ${pairs}\n) AS t(kz, ru)
 WHERE u.position = t.kz AND u.position_ru IS NULL;`;
}
