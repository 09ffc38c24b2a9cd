import { Button, Group, Stack } from '@mantine/core';
import { DatePicker, DatesProvider, TimePicker } from '@mantine/dates';
import 'dayjs/locale/kk';
import 'dayjs/locale/ru';
import '@mantine/dates/styles.layer.css';
import { currentUiLang } from '../../app/services';
import { schoolToday, urlLang } from './api';
import { teachingText } from './teaching-texts';

/**
 * The popover of a DateField (loaded on first use): the kit's month calendar in kz/ru (dayjs
 * `kk`/`ru` month and weekday names, weeks from Monday) and, for a date with a time, the kit's
 * 24-hour time picker and a «Дайын»/«Готово» button.
 */
export default function DateCalendar({
  day,
  time,
  withTime,
  onDay,
  onTime,
  onDone,
}: {
  /** The day in the field (`YYYY-MM-DD`), if it is one. */
  day: string | null;
  /** The time in the field (`HH:MM`), or the field's default. */
  time: string;
  withTime: boolean;
  onDay: (iso: string) => void;
  onTime: (hhmm: string) => void;
  onDone: () => void;
}) {
  const t = teachingText();
  return (
    <DatesProvider settings={{ locale: urlLang(currentUiLang()), firstDayOfWeek: 1 }}>
      <Stack gap="sm">
        <DatePicker
          value={day}
          defaultDate={day ?? schoolToday()}
          onChange={(picked) => {
            if (picked) onDay(picked);
          }}
          ariaLabels={{
            nextMonth: t('nextMonth'),
            previousMonth: t('previousMonth'),
            nextYear: t('nextYear'),
            previousYear: t('previousYear'),
            nextDecade: t('nextDecade'),
            previousDecade: t('previousDecade'),
            monthLevelControl: t('monthLevel'),
            yearLevelControl: t('yearLevel'),
          }}
        />
        {withTime && (
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TimePicker
              label={t('calendarTime')}
              format="24h"
              hoursInputLabel={t('calendarHours')}
              minutesInputLabel={t('calendarMinutes')}
              value={time}
              onChange={(hhmm) => {
                if (/^\d{2}:\d{2}$/.test(hhmm)) onTime(hhmm);
              }}
            />
            <Button variant="default" onClick={onDone}>
              {t('calendarDone')}
            </Button>
          </Group>
        )}
      </Stack>
    </DatesProvider>
  );
}
