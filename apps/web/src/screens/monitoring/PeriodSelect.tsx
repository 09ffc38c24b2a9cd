import { NativeSelect } from '@mantine/core';
import type { QuestionnairePeriod } from '@sabaq/platform';
import type { MonitoringTexts } from './texts';

/** The monitoring period chooser; the current period is marked. */
export function PeriodSelect({
  periods,
  value,
  onChange,
  t,
}: {
  periods: readonly QuestionnairePeriod[];
  value: number;
  onChange: (periodId: number) => void;
  t: MonitoringTexts;
}) {
  return (
    <NativeSelect
      label={t('period')}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data={periods.map((period) => ({
        value: String(period.id),
        label: period.isCurrent ? `${period.name} (${t('currentPeriod')})` : period.name,
      }))}
      w={{ base: '100%', sm: 420 }}
    />
  );
}

/** The period of `?periodId=`, else the current one, else the newest. */
export function choosePeriod(
  periods: readonly QuestionnairePeriod[] | null,
  asked: string | null,
): number | null {
  if (!periods || periods.length === 0) return null;
  const wanted = Number(asked);
  if (periods.some((p) => p.id === wanted)) return wanted;
  return (periods.find((p) => p.isCurrent) ?? periods[0]!).id;
}

export const STATUS_KEY = {
  new: 'statusNew',
  draft: 'statusDraft',
  submitted: 'statusSubmitted',
} as const;

export const TYPE_KEY = {
  teacher: 'typeTeacher',
  garden: 'typeGarden',
  director: 'typeDirector',
} as const;

/** `72.5` → `72,5 %`; null → `—`. */
export function showPercent(value: number | null, t: MonitoringTexts): string {
  return value === null ? t('noData') : `${String(value).replace('.', ',')} %`;
}
