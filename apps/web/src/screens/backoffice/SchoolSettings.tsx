import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SETTINGS_PROBLEM_TEXTS, digitsOnly, settingsProblems } from '@sabaq/platform';
import type { SchoolSettings as Settings } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { currentUiLang, notify } from '../../app/services';
import { useAppState } from '../../session/store';
import { failure } from '../shared/api';
import {
  BellsSection,
  HolidaysSection,
  QuartersSection,
  fromForm,
  toForm,
} from './SchoolSettingsSections';
import type { SettingsForm } from './SchoolSettingsSections';
import { loadSettings, saveSettings } from './settings-api';
import { settingsText } from './settings-texts';
import { YearTransition } from './YearTransition';

/**
 * backoffice/school-settings (director, zavuch): the school's own data, bells, quarters,
 * holidays and journal weights; checked here by the same rules as on the server, saved at once.
 */
export default function SchoolSettings() {
  const t = settingsText();
  const lang = currentUiLang();
  const kindergarten = useAppState((s) => s.user?.school?.kind === 'kindergarten');
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const load = async () => {
    const r = await loadSettings();
    if (r.error) setLoadError(failure(r));
    else {
      setLoadError(null);
      setForm(toForm(r.data.data));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const change = (next: Partial<SettingsForm>, cleared: string[] = []) => {
    setForm((f) => (f ? { ...f, ...next } : f));
    if (cleared.length)
      setErrors((e) =>
        Object.fromEntries(
          Object.entries(e).filter(([k]) => !cleared.some((c) => k.startsWith(c))),
        ),
      );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    const { body, dateErrors } = fromForm(form);
    const local: Record<string, string> = {};
    for (const field of dateErrors) local[field] = SETTINGS_PROBLEM_TEXTS.date_invalid[lang];
    if (dateErrors.length === 0)
      for (const [field, problem] of Object.entries(settingsProblems(body)))
        local[field] = SETTINGS_PROBLEM_TEXTS[problem][lang];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      notify({ kind: 'warning', message: t('hasErrors') });
      return;
    }
    setBusy(true);
    const r = await saveSettings(body);
    setBusy(false);
    if (r.error) {
      setErrors(fieldErrors(r));
      return;
    }
    setErrors({});
    setForm(toForm(r.data.data));
    notify({ kind: 'success', message: t('saved') });
  };

  if (loadError)
    return (
      <Alert color="red" role="alert">
        {loadError}{' '}
        <Anchor component="button" onClick={() => void load()}>
          {t('retry')}
        </Anchor>
      </Alert>
    );
  if (!form) return <Loader size="sm" aria-label={t('loading')} />;
  const s = form.data;
  const text = (field: keyof Settings & string, label: string) => (
    <TextInput
      label={label}
      required
      value={String(s[field])}
      onChange={(e) => change({ data: { ...s, [field]: e.currentTarget.value } }, [field])}
      error={errors[field] || undefined}
    />
  );
  const total = s.weights.formative + s.weights.sor + s.weights.soch;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="settings-h">
      <Stack gap="lg" maw={960}>
        <div>
          <Title order={1} id="settings-h">
            {t('title')}
          </Title>
          <Text c="var(--sabaq-muted)" size="sm">
            {t('subtitle')}
          </Text>
        </div>
        <Paper withBorder p="md" component="fieldset">
          <Title order={2} size="h3" component="legend">
            {t('school')}
          </Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {text('nameKz', t('nameKz'))}
              {text('nameRu', t('nameRu'))}
              {text('addressKz', t('addressKz'))}
              {text('addressRu', t('addressRu'))}
            </SimpleGrid>
            <TextInput
              label={t('bin')}
              description={t('binHint')}
              required
              inputMode="numeric"
              maxLength={12}
              w={{ base: '100%', md: 240 }}
              value={s.bin}
              onChange={(e) =>
                change({ data: { ...s, bin: digitsOnly(e.currentTarget.value) } }, ['bin'])
              }
              error={errors.bin || undefined}
            />
          </Stack>
        </Paper>
        <BellsSection form={form} errors={errors} change={change} t={t} />
        <QuartersSection form={form} errors={errors} change={change} t={t} />
        <HolidaysSection form={form} errors={errors} change={change} t={t} />
        <Paper withBorder p="md" component="fieldset">
          <Title order={2} size="h3" component="legend">
            {t('weights')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {(['formative', 'sor', 'soch'] as const).map((k) => (
              <NumberInput
                key={k}
                label={t(k)}
                min={0}
                max={100}
                allowDecimal={false}
                value={s.weights[k]}
                onChange={(v) =>
                  change({ data: { ...s, weights: { ...s.weights, [k]: Number(v) || 0 } } }, [
                    'weights',
                  ])
                }
              />
            ))}
          </SimpleGrid>
          <Text
            size="sm"
            mt="xs"
            c={total === 100 ? 'var(--sabaq-muted)' : 'var(--sabaq-danger)'}
            role={errors.weights ? 'alert' : undefined}
          >
            {errors.weights ?? t('weightsTotal', { n: total })}
          </Text>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('save')}
          </Button>
        </Group>
        {/* The year's step moves classes up to the 11th and opens first classes: a school's, not
            a kindergarten's (issue 30: a kindergarten's screens hold kindergarten things only). */}
        {kindergarten ? null : <YearTransition />}
      </Stack>
    </form>
  );
}
