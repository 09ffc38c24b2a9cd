import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { QuestionnaireListItem } from '@sabaq/platform';
import { displayDate, urlLang } from '../shared/api';
import { STATUS_KEY, showPercent } from './PeriodSelect';
import type { MonitoringTexts } from './texts';

/** Filled badges in dark shades: white text on them keeps a 4.5:1 contrast. */
const BADGE_COLOR = { new: 'gray.8', draft: 'violet.9', submitted: 'teal.9' } as const;

/** A respondent's questionnaires of a period, each with its status and the way to it. */
export function QuestionnaireList({
  items,
  userId,
  periodId,
  canFill,
  t,
}: {
  items: readonly QuestionnaireListItem[];
  userId: number;
  periodId: number;
  canFill: boolean;
  t: MonitoringTexts;
}) {
  if (items.length === 0) return <p className="tch-muted">{t('noQuestionnaire')}</p>;
  return (
    <ul className="mon-list">
      {items.map((item) => {
        const action =
          item.status === 'submitted' || !canFill
            ? t('view')
            : item.status === 'draft'
              ? t('resume')
              : t('fill');
        return (
          <li key={item.id} className="mon-card">
            <h2 className="mon-card-title">{item.name}</h2>
            <p>
              <Badge color={BADGE_COLOR[item.status]} variant="filled" size="lg">
                {t(STATUS_KEY[item.status])}
              </Badge>{' '}
              {t('progress', { answered: item.answered, total: item.questions })}
            </p>
            {item.submittedAt && (
              <p>
                {t('submitted', { date: displayDate(item.submittedAt) })}.{' '}
                {t('scoreOf', { score: showPercent(item.score, t).replace(' %', '') })}
              </p>
            )}
            <Anchor
              component={Link}
              to={`/${urlLang()}/monitoring-teacher/${userId}/${item.id}?periodId=${periodId}`}
              aria-label={t('openQuestionnaire', { name: item.name, action })}
              className="mon-action"
            >
              {action}
            </Anchor>
          </li>
        );
      })}
    </ul>
  );
}
