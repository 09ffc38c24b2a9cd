import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { api } from '../../app/services';
import { failure, parseSchoolDateTime, path, schoolDateTime } from '../shared/api';
import { DateField } from '../shared/DateField';
import { teachingText } from '../shared/teaching-texts';

/** Adds a SOR or SOCh column to the class's journal: kind, title, maximum points and date. */
export default function AssessmentForm({
  groupId,
  subjectId,
  subgroupId,
  onDone,
}: {
  groupId: number;
  subjectId: number;
  subgroupId: number | null;
  onDone: () => Promise<void>;
}) {
  const t = teachingText();
  const [kind, setKind] = useState<'sor' | 'soch'>('sor');
  const [title, setTitle] = useState('');
  const [max, setMax] = useState('20');
  // DD.MM.YYYY as typed; today in the school's time to start with.
  const [date, setDate] = useState(schoolDateTime(new Date().toISOString()).slice(0, 10));
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper
      component="form"
      withBorder
      p="md"
      onSubmit={async (e) => {
        e.preventDefault();
        const at = parseSchoolDateTime(`${date.trim()} 12:00`);
        setDateError(at ? undefined : t('badDate'));
        if (!at) return;
        const r = await api.post(
          path('journal.assessmentCreate', { groupId, subjectId }),
          { kind, title, maxPoints: Number(max), date: at.slice(0, 10), subgroupId },
          { handle: 'form' },
        );
        if (r.error) setError(failure(r));
        else await onDone();
      }}
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('kind')}
          data={[
            { value: 'sor', label: t('sor') },
            { value: 'soch', label: t('soch') },
          ]}
          value={kind}
          allowDeselect={false}
          onChange={(v) => setKind(v === 'soch' ? 'soch' : 'sor')}
          w={{ base: '100%', sm: 160 }}
        />
        <TextInput
          label={t('title')}
          value={title}
          required
          maxLength={200}
          onChange={(e) => setTitle(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <NumberInput
          label={t('maxPoints')}
          min={1}
          max={100}
          allowDecimal={false}
          value={max}
          onChange={(v) => setMax(String(v))}
          w={{ base: '100%', sm: 140 }}
        />
        <DateField
          label={t('date')}
          description={t('dateFormat')}
          value={date}
          error={dateError}
          onChange={setDate}
          w={{ base: '100%', sm: 180 }}
        />
        <Button type="submit">{t('save')}</Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
