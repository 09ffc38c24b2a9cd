import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { ExamSettingsRequest, ExamWindow } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { api } from '../../app/services';
import { failure, parseSchoolDateTime, path, schoolDateTime } from '../shared/api';
import { DateField } from '../shared/DateField';
import { teachingText } from '../shared/teaching-texts';

type Field = 'opensAt' | 'closesAt' | 'graceMinutes';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * What the form asks the server for, or the field errors (kz/ru) when it cannot: both ends in
 * `DD.MM.YYYY HH:MM` school time, or both empty (back to the lesson's bell times); the close
 * after the open; the grace after a pupil's deadline in whole minutes, 0–30 (issue 31). The
 * window is sent only when it changed, so switching the answers alone keeps the bell times.
 */
export function examSettingsOf(
  form: { opensAt: string; closesAt: string; showKeys: boolean; graceMinutes: string },
  initial: { opensAt: string; closesAt: string; graceMinutes?: number },
  t: ReturnType<typeof teachingText>,
): { body: ExamSettingsRequest } | { errors: Errors } {
  const opens = form.opensAt.trim();
  const closes = form.closesAt.trim();
  const graceText = form.graceMinutes.trim();
  const graceMinutes = /^\d{1,2}$/.test(graceText) ? Number(graceText) : NaN;
  if (!(graceMinutes >= 0 && graceMinutes <= 30))
    return { errors: { graceMinutes: t('examGraceBad') } };
  // The grace goes only when changed, like the window.
  const rest =
    graceMinutes === initial.graceMinutes
      ? { showKeys: form.showKeys }
      : { showKeys: form.showKeys, graceMinutes };
  if (opens === initial.opensAt && closes === initial.closesAt) return { body: rest };
  if (opens === '' && closes === '') return { body: { opensAt: null, closesAt: null, ...rest } };
  const errors: Errors = {};
  const opensAt = opens === '' ? null : parseSchoolDateTime(opens);
  const closesAt = closes === '' ? null : parseSchoolDateTime(closes);
  if (opens !== '' && !opensAt) errors.opensAt = t('examBadTime');
  if (closes !== '' && !closesAt) errors.closesAt = t('examBadTime');
  if (opens === '') errors.opensAt = t('examBothEnds');
  if (closes === '') errors.closesAt = t('examBothEnds');
  if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt))
    errors.closesAt = t('examCloseAfterOpen');
  if (Object.keys(errors).length > 0 || !opensAt || !closesAt) return { errors };
  return { body: { opensAt, closesAt, ...rest } };
}

/**
 * The lesson page's control of its SOR/SOCh (staff): when pupils may hand in (opens/closes in
 * the school's time; the lesson's bell times unless set) and whether they see the right answers
 * once it is over for the whole class. Saved through `PUT schedule/lesson/:id/exam-window`.
 */
export function ExamWindowForm({
  lessonId,
  window: loaded,
}: {
  lessonId: number;
  window: ExamWindow;
}) {
  const t = teachingText();
  const [current, setCurrent] = useState(loaded);
  const initial = {
    opensAt: schoolDateTime(current.opensAt),
    closesAt: schoolDateTime(current.closesAt),
    graceMinutes: current.graceMinutes,
  };
  const [opensAt, setOpensAt] = useState(initial.opensAt);
  const [closesAt, setClosesAt] = useState(initial.closesAt);
  const [showKeys, setShowKeys] = useState(current.showKeys);
  const [graceMinutes, setGraceMinutes] = useState(String(current.graceMinutes));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setSaved(false);
    const asked = examSettingsOf({ opensAt, closesAt, showKeys, graceMinutes }, initial, t);
    if ('errors' in asked) {
      setErrors(asked.errors);
      return;
    }
    setBusy(true);
    const r = await api.put<{ data: ExamWindow }>(
      path('schedule.examSettings', { scheduleId: lessonId }),
      asked.body,
      { handle: 'form' },
    );
    setBusy(false);
    if (r.error) {
      // The server's field errors go to their fields; the rest above the button. Nothing typed
      // is lost.
      const fields = fieldErrors(r);
      const { opensAt: o, closesAt: c, graceMinutes: g, ...rest } = fields;
      setErrors({
        opensAt: o,
        closesAt: c,
        graceMinutes: g,
        form: Object.values(rest)[0] ?? (o || c || g ? undefined : failure(r)),
      });
      return;
    }
    const w = r.data.data;
    setErrors({});
    setCurrent(w);
    setOpensAt(schoolDateTime(w.opensAt));
    setClosesAt(schoolDateTime(w.closesAt));
    setShowKeys(w.showKeys);
    setGraceMinutes(String(w.graceMinutes ?? graceMinutes));
    setSaved(true);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="exam-window-h">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={2} id="exam-window-h" size="h4">
            {t('examWindow')}
          </Title>
          <Text size="sm" data-testid="exam-window-now">
            {schoolDateTime(current.opensAt)} – {schoolDateTime(current.closesAt)} (
            {current.custom ? t('examWindowCustom') : t('examWindowBells')}),{' '}
            {t(`examState_${current.state}`)}
          </Text>
          <Group align="flex-start" grow>
            <DateField
              withTime
              label={t('examOpensAt')}
              description={t('examWindowFormat')}
              placeholder="18.11.2026 09:40"
              defaultTime={initial.opensAt.slice(11) || '09:00'}
              value={opensAt}
              onChange={setOpensAt}
              error={errors.opensAt}
            />
            <DateField
              withTime
              label={t('examClosesAt')}
              description={t('examWindowFormat')}
              placeholder="18.11.2026 10:20"
              defaultTime={initial.closesAt.slice(11) || '10:20'}
              value={closesAt}
              onChange={setClosesAt}
              error={errors.closesAt}
            />
          </Group>
          <Text size="sm">{t('examWindowHint')}</Text>
          <TextInput
            label={t('examGrace')}
            description={t('examGraceHint')}
            inputMode="numeric"
            maw={320}
            value={graceMinutes}
            onChange={(e) => setGraceMinutes(e.currentTarget.value)}
            error={errors.graceMinutes}
          />
          <Switch
            label={t('examShowKeys')}
            checked={showKeys}
            onChange={(e) => setShowKeys(e.currentTarget.checked)}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status">
              {t('examWindowSaved')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy}>
              {t('examWindowSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
