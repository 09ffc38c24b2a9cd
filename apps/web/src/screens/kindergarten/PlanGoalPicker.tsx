import { NativeSelect, Text } from '@mantine/core';
import type { CyclogramCell, PlanGoal, UiLang } from '@sabaq/platform';
import { inLanguage } from './PlanArea';
import { kgText as t } from './texts';

/**
 * The perspective-plan goal of a cyclogram cell: a choice among the week's goals of the cell's
 * area for the group's teacher, the linked goal's topic for a reader.
 */
export function PlanGoalPicker({
  cell,
  goals,
  label,
  canEdit,
  lang,
  onChange,
}: {
  cell: CyclogramCell | undefined;
  goals: readonly PlanGoal[];
  label: string;
  canEdit: boolean;
  lang: UiLang;
  onChange: (planItemId: number | null) => void;
}) {
  const linked = goals.find((g) => g.id === cell?.planItemId);
  const choices = goals.filter((g) => !cell?.area || g.area === cell.area || g.id === linked?.id);
  if (!canEdit || !cell?.text)
    return linked ? (
      <Text size="xs" data-testid="cell-goal">
        {t('linkedGoal', { topic: inLanguage(linked.topic, lang) })}
      </Text>
    ) : null;
  if (choices.length === 0) return null;
  return (
    <NativeSelect
      size="xs"
      mt={4}
      aria-label={label}
      value={linked ? String(linked.id) : ''}
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      data={[
        { value: '', label: t('noGoal') },
        ...choices.map((g) => ({ value: String(g.id), label: inLanguage(g.topic, lang) })),
      ]}
    />
  );
}
