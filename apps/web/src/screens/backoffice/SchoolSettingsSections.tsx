import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { parseDisplayDate, toDisplayDate } from '@sabaq/platform';
import type { SchoolSettings } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import type { SettingsT } from './settings-texts';
import './backoffice.css';

/**
 * The settings as the screen edits them: dates are typed as DD.MM.YYYY (spec §5), so the
 * quarters' and holidays' dates live as text beside the data and become ISO dates on save.
 */
export interface SettingsForm {
  data: SchoolSettings;
  quarterDates: { start: string; end: string }[];
  holidayDates: { start: string; end: string }[];
}

export function toForm(data: SchoolSettings): SettingsForm {
  const shown = (r: { start: string; end: string }) => ({
    start: toDisplayDate(r.start),
    end: toDisplayDate(r.end),
  });
  return { data, quarterDates: data.quarters.map(shown), holidayDates: data.holidays.map(shown) };
}

function isoOf(text: string): string | null {
  const d = parseDisplayDate(text.trim());
  return d
    ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
    : null;
}

/** The body to save and the date fields that are not real DD.MM.YYYY dates. */
export function fromForm(form: SettingsForm): { body: SchoolSettings; dateErrors: string[] } {
  const dateErrors: string[] = [];
  const read = (prefix: string, r: { start: string; end: string }) => {
    const start = isoOf(r.start);
    const end = isoOf(r.end);
    if (!start) dateErrors.push(`${prefix}.start`);
    if (!end) dateErrors.push(`${prefix}.end`);
    return { start: start ?? '', end: end ?? '' };
  };
  const body: SchoolSettings = {
    ...form.data,
    quarters: form.data.quarters.map((q, i) => ({
      ...q,
      ...read(`quarters.${i}`, form.quarterDates[i] ?? { start: '', end: '' }),
    })),
    holidays: form.data.holidays.map((h, i) => ({
      ...h,
      ...read(`holidays.${i}`, form.holidayDates[i] ?? { start: '', end: '' }),
    })),
  };
  return { body, dateErrors };
}

interface SectionProps {
  form: SettingsForm;
  errors: Record<string, string>;
  change: (next: Partial<SettingsForm>, cleared?: string[]) => void;
  t: SettingsT;
}

export function BellsSection({ form, errors, change, t }: SectionProps) {
  const s = form.data;
  const setBells = (n: number, bells: SchoolSettings['shifts'][number]['bells']) =>
    change({ data: { ...s, shifts: s.shifts.map((sh, i) => (i === n ? { ...sh, bells } : sh)) } }, [
      `shifts.${n}`,
    ]);
  return (
    <Paper withBorder p="md" component="fieldset">
      <Title order={2} size="h3" component="legend">
        {t('bells')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {s.shifts.map((shift, n) => (
          <Stack key={shift.shift} gap="xs">
            <Text fw={600}>{t('shift', { n: shift.shift })}</Text>
            <Group gap="xs" wrap="nowrap" aria-hidden>
              <Text w={72} />
              <Text size="xs" w={88} c="var(--sabaq-muted)">
                {t('startsAt')}
              </Text>
              <Text size="xs" w={88} c="var(--sabaq-muted)">
                {t('endsAt')}
              </Text>
            </Group>
            {shift.bells.map((b, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" w={72} pt={6}>
                  {t('lessonNo', { n: i + 1 })}
                </Text>
                {(['startsAt', 'endsAt'] as const).map((k) => (
                  <TextInput
                    key={k}
                    aria-label={`${t('shift', { n: shift.shift })}, ${t('lessonNo', { n: i + 1 })}: ${t(k)}`}
                    placeholder="08:00"
                    maxLength={5}
                    w={88}
                    value={b[k]}
                    onChange={(e) =>
                      setBells(
                        n,
                        shift.bells.map((x, j) =>
                          j === i ? { ...x, [k]: e.currentTarget.value } : x,
                        ),
                      )
                    }
                    error={errors[`shifts.${n}.bells.${i}.${k}`] || undefined}
                  />
                ))}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('removeLesson', { n: i + 1 })}
                  onClick={() =>
                    setBells(
                      n,
                      shift.bells.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={16} stroke={1.75} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {shift.bells.length < 10 && (
              <Button
                variant="light"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={16} stroke={1.75} aria-hidden />}
                onClick={() => setBells(n, [...shift.bells, { startsAt: '', endsAt: '' }])}
              >
                {t('addLesson')}
              </Button>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

export function QuartersSection({ form, errors, change, t }: SectionProps) {
  const s = form.data;
  const current = s.quarters.find((q) => q.isCurrent)?.quarter;
  const setDate = (i: number, k: 'start' | 'end', v: string) =>
    change({ quarterDates: form.quarterDates.map((d, j) => (j === i ? { ...d, [k]: v } : d)) }, [
      `quarters.${i}`,
      'quarters',
    ]);
  return (
    <Paper withBorder p="md" component="fieldset">
      <Title order={2} size="h3" component="legend">
        {t('year')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('schoolYear')}
          w={{ base: '100%', md: 240 }}
          value={s.schoolYear}
          readOnly
          error={errors.schoolYear || undefined}
        />
        {errors.quarters && (
          <Text c="var(--sabaq-danger)" size="sm" role="alert">
            {errors.quarters}
          </Text>
        )}
        <Radio.Group
          label={t('current')}
          value={current ? String(current) : null}
          onChange={(v) =>
            change({
              data: {
                ...s,
                quarters: s.quarters.map((q) => ({ ...q, isCurrent: String(q.quarter) === v })),
              },
            })
          }
        >
          <Stack gap="xs" mt="xs">
            <Group gap="sm" wrap="nowrap" aria-hidden visibleFrom="md">
              <Text w={140} />
              <Text size="xs" w={140} c="var(--sabaq-muted)">
                {t('start')}
              </Text>
              <Text size="xs" w={140} c="var(--sabaq-muted)">
                {t('end')}
              </Text>
            </Group>
            {s.quarters.map((q, i) => (
              <Group key={q.quarter} gap="sm" align="flex-start" wrap="wrap">
                <Radio
                  value={String(q.quarter)}
                  label={t('quarter', { n: q.quarter })}
                  w={140}
                  mt={8}
                />
                {(['start', 'end'] as const).map((k) => (
                  <TextInput
                    key={k}
                    aria-label={`${t('quarter', { n: q.quarter })}: ${t(k)}`}
                    placeholder={t('datePlaceholder')}
                    maxLength={10}
                    w={140}
                    value={form.quarterDates[i]?.[k] ?? ''}
                    onChange={(e) => setDate(i, k, e.currentTarget.value)}
                    error={errors[`quarters.${i}.${k}`] || undefined}
                  />
                ))}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}

export function HolidaysSection({ form, errors, change, t }: SectionProps) {
  const s = form.data;
  const set = (i: number, k: 'nameKz' | 'nameRu', v: string) =>
    change(
      { data: { ...s, holidays: s.holidays.map((h, j) => (j === i ? { ...h, [k]: v } : h)) } },
      [`holidays.${i}`],
    );
  const setDate = (i: number, k: 'start' | 'end', v: string) =>
    change({ holidayDates: form.holidayDates.map((d, j) => (j === i ? { ...d, [k]: v } : d)) }, [
      `holidays.${i}`,
    ]);
  const remove = (i: number) =>
    change(
      {
        data: { ...s, holidays: s.holidays.filter((_, j) => j !== i) },
        holidayDates: form.holidayDates.filter((_, j) => j !== i),
      },
      ['holidays'],
    );
  const add = () =>
    change({
      data: { ...s, holidays: [...s.holidays, { start: '', end: '', nameKz: '', nameRu: '' }] },
      holidayDates: [...form.holidayDates, { start: '', end: '' }],
    });
  const publicDays = s.publicHolidays ?? [];
  const ru = currentUiLang() === 'ru';
  const setWorked = (date: string, worked: boolean) =>
    change({
      data: {
        ...s,
        publicHolidays: publicDays.map((d) => (d.date === date ? { ...d, worked } : d)),
      },
    });
  return (
    <Paper withBorder p="md" component="fieldset">
      <Title order={2} size="h3" component="legend">
        {t('holidays')}
      </Title>
      <Stack gap="sm">
        {publicDays.length > 0 && (
          <section aria-labelledby="public-holidays-h" data-testid="public-holidays">
            <Title order={3} size="h4" id="public-holidays-h">
              {t('publicHolidays')}
            </Title>
            <Text size="sm" c="var(--sabaq-muted)" mb="xs">
              {t('publicHolidaysHint')}
            </Text>
            <Stack gap={4} component="ul" className="bo-plain-list">
              {publicDays.map((d) => (
                <Group key={d.date} component="li" gap="sm" wrap="wrap">
                  <Text w={110}>{toDisplayDate(d.date)}</Text>
                  <Text style={{ flex: 1 }} td={d.worked ? 'line-through' : undefined}>
                    {ru ? d.nameRu : d.nameKz}
                  </Text>
                  <Checkbox
                    label={t('schoolWorks')}
                    aria-label={`${t('schoolWorks')}: ${toDisplayDate(d.date)}`}
                    checked={d.worked}
                    onChange={(e) => setWorked(d.date, e.currentTarget.checked)}
                  />
                </Group>
              ))}
            </Stack>
          </section>
        )}
        <Title order={3} size="h4">
          {t('schoolHolidays')}
        </Title>
        {s.holidays.length === 0 && (
          <Text c="var(--sabaq-muted)" size="sm">
            {t('noHolidays')}
          </Text>
        )}
        {s.holidays.map((h, i) => (
          <Group key={i} gap="sm" align="flex-start" wrap="wrap">
            {(['start', 'end'] as const).map((k) => (
              <TextInput
                key={k}
                label={t(k)}
                placeholder={t('datePlaceholder')}
                maxLength={10}
                w={140}
                value={form.holidayDates[i]?.[k] ?? ''}
                onChange={(e) => setDate(i, k, e.currentTarget.value)}
                error={errors[`holidays.${i}.${k}`] || undefined}
              />
            ))}
            {(['nameKz', 'nameRu'] as const).map((k) => (
              <TextInput
                key={k}
                label={t(k === 'nameKz' ? 'holidayNameKz' : 'holidayNameRu')}
                w={{ base: '100%', md: 220 }}
                value={h[k]}
                onChange={(e) => set(i, k, e.currentTarget.value)}
                error={errors[`holidays.${i}.${k}`] || undefined}
              />
            ))}
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('removeHoliday', { name: h.nameKz || h.nameRu || String(i + 1) })}
              onClick={() => remove(i)}
            >
              <IconTrash size={16} stroke={1.75} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={16} stroke={1.75} aria-hidden />}
          onClick={add}
        >
          {t('addHoliday')}
        </Button>
      </Stack>
    </Paper>
  );
}
