import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Select, Text } from '@mantine/core';
import type { TimetablePeriod } from '@sabaq/platform';
import { notify } from '../../app/services';
import { failure } from '../shared/api';
import { copyTimetable } from './timetable-api';
import type { TimetableT } from './timetable-texts';

/**
 * Copy a week to another quarter: one class's (`groupId`) or every class's (`groupId` null).
 * A target that already has lessons is replaced only when the box is ticked; a refusal (clash,
 * lessons holding marks) is shown here with the server's message.
 */
export function TimetableCopy({
  groupId,
  periodId,
  periods,
  onCopied,
  t,
}: {
  groupId: number | null;
  periodId: number;
  periods: readonly TimetablePeriod[];
  onCopied: () => void;
  t: TimetableT;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `bo-tt-copy-${groupId ?? 'school'}`;

  async function submit() {
    if (target === null) return;
    setBusy(true);
    setError(null);
    const result = await copyTimetable({
      fromPeriodId: periodId,
      toPeriodId: Number(target),
      groupId,
      replace,
    });
    setBusy(false);
    if (result.error) return setError(failure(result));
    notify({ kind: 'success', message: t('copied', result.data.data) });
    onCopied();
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="bo-subtitle">
        {t('copyTitle')}
      </h2>
      <Text size="sm" className="bo-muted" mb="sm">
        {groupId === null ? t('copySchoolHint') : t('copyGroupHint')}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('copyTo')}
          data={periods
            .filter((p) => p.id !== periodId)
            .map((p) => ({ value: String(p.id), label: `${p.name} (${p.schoolYear})` }))}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError(null);
          }}
          comboboxProps={{ withinPortal: false }}
        />
        <Checkbox
          label={t('replace')}
          checked={replace}
          onChange={(event) => setReplace(event.currentTarget.checked)}
        />
        <Button onClick={() => void submit()} loading={busy} disabled={target === null}>
          {t('copy')}
        </Button>
      </Group>
      {error ? (
        <p role="alert" className="bo-error">
          {error}
        </p>
      ) : null}
    </Paper>
  );
}
