import { Text, TextInput, Textarea } from '@mantine/core';
import { EDUCATIONAL_AREA_LABELS, REGIME_MOMENT_LABELS, toDisplayDate } from '@sabaq/platform';
import type { EducationalArea, PlanItem, PlanItemInput, UiLang } from '@sabaq/platform';
import { kgText as t } from './texts';

const LANGS = ['kz', 'ru'] as const;

/** The reader's language of a kz/ru text, else the other. */
export const inLanguage = (text: { kz: string; ru: string }, lang: UiLang) =>
  lang === 'kz' ? text.kz || text.ru : text.ru || text.kz;

/**
 * One educational area of a plan month: its topic and goals (kz and ru fields for the group's
 * teacher, the reader's language otherwise) and the cyclogram activities linked to its goal.
 */
export function PlanArea({
  area,
  draft,
  saved,
  canEdit,
  lang,
  onChange,
}: {
  area: EducationalArea;
  draft: PlanItemInput;
  saved: PlanItem | undefined;
  canEdit: boolean;
  lang: UiLang;
  onChange: (next: PlanItemInput) => void;
}) {
  const areaName = EDUCATIONAL_AREA_LABELS[area][lang];
  const label = (field: 'topic' | 'goals', fieldLang: 'kz' | 'ru') =>
    t('fieldOf', { area: areaName, field: t(field), lang: t(fieldLang) });
  const headingId = `plan-area-${area}`;
  return (
    <section className="kg-plan-area" aria-labelledby={headingId} data-testid={`plan-${area}`}>
      <h2 id={headingId} className="kg-plan-area__title">
        {areaName}
      </h2>
      {canEdit ? (
        <div className="kg-plan-area__fields">
          {LANGS.map((fieldLang) => (
            <div key={fieldLang}>
              <TextInput
                label={label('topic', fieldLang)}
                maxLength={300}
                value={draft.topic[fieldLang]}
                onChange={(e) =>
                  onChange({
                    ...draft,
                    topic: { ...draft.topic, [fieldLang]: e.currentTarget.value },
                  })
                }
              />
              <Textarea
                label={label('goals', fieldLang)}
                rows={3}
                maxLength={2000}
                value={draft.goals[fieldLang]}
                onChange={(e) =>
                  onChange({
                    ...draft,
                    goals: { ...draft.goals, [fieldLang]: e.currentTarget.value },
                  })
                }
              />
            </div>
          ))}
        </div>
      ) : saved ? (
        <>
          <Text fw={600}>{inLanguage(saved.topic, lang)}</Text>
          <Text size="sm">{inLanguage(saved.goals, lang)}</Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('planEmptyArea')}
        </Text>
      )}
      <h3 className="kg-plan-area__links">{t('planLinks')}</h3>
      {saved && saved.links.length > 0 ? (
        <ul data-testid={`plan-links-${area}`}>
          {saved.links.map((link) => (
            <li key={`${link.date}:${link.moment}`}>
              {toDisplayDate(link.date)}, {REGIME_MOMENT_LABELS[link.moment][lang]}:{' '}
              {/* The teacher's own words, shown as written (the cyclogram has one language). */}
              <span data-user-text>{link.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dimmed">
          {t('planNoLinks')}
        </Text>
      )}
    </section>
  );
}
