import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover, TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { schoolToday } from './api';
import { teachingText } from './teaching-texts';
// The calendar (@mantine/dates, dayjs with its kk/ru locales, their CSS: ~22 KB) is fetched when
// a pointer or the focus reaches its button, not with the screen: most visits only read dates.
const loadCalendar = () => import('./DateCalendar');
const DateCalendar = lazy(loadCalendar);

/** `18.11.2026` (the start of what is typed) → `2026-11-18`, or null when it is not a real day. */
export function isoDayOf(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const at = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`)
    return null;
  return `${y}-${mo}-${d}`;
}

/** `2026-11-18` → `18.11.2026`. */
function shown(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** The `HH:MM` at the end of what is typed, if it is a real time. */
function timeOf(text: string): string | null {
  const m = /(\d{2}):(\d{2})$/.exec(text.trim());
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? `${m[1]}:${m[2]}` : null;
}

export interface DateFieldProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'rightSection' | 'placeholder' | 'maxLength'
> {
  /** What the field shows: `DD.MM.YYYY`, or `DD.MM.YYYY HH:MM` with `withTime` (school time). */
  value: string;
  onChange: (text: string) => void;
  withTime?: boolean;
  /** The time a day picked in the calendar gets when none is typed yet (`HH:MM`). */
  defaultTime?: string;
  /** A day picked in the calendar (after `onChange`): e.g. open that day at once. */
  onPicked?: (text: string) => void;
  placeholder?: string;
}

/**
 * A date (or date and time) field of the kit: typed as `DD.MM.YYYY[ HH:MM]` like before (the
 * screen checks it and shows its own kz/ru message), or picked in the kit's calendar behind the
 * button at its end: kz/ru month and weekday names, weeks from Monday, arrows move between days,
 * Escape closes; the focus goes back to that button. The calendar only writes the text; what the screen
 * sends is still read from that text, so typing and picking send the same value.
 */
export function DateField({
  value,
  onChange,
  withTime = false,
  defaultTime = '09:00',
  onPicked,
  placeholder,
  ...input
}: DateFieldProps) {
  const t = teachingText();
  const [opened, setOpened] = useState(false);
  const day = isoDayOf(value);
  const time = timeOf(value) ?? defaultTime;
  const write = (iso: string, hhmm: string) => {
    const text = withTime ? `${shown(iso)} ${hhmm}` : shown(iso);
    onChange(text);
    return text;
  };
  // The button names its field: a form can have two (opens, closes).
  const named = typeof input.label === 'string' ? input.label : input['aria-label'];
  const label = named ? `${t('openCalendar')}: ${named}` : t('openCalendar');
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      trapFocus
      returnFocus
      withinPortal
      // Stays drawn while its field scrolls inside a wide table (and in the component tests,
      // which have no layout to tell whether the field is in view).
      hideDetached={false}
      shadow="md"
    >
      <TextInput
        {...input}
        value={value}
        placeholder={placeholder ?? (withTime ? '18.11.2026 09:40' : '18.11.2026')}
        maxLength={withTime ? 16 : 10}
        inputMode="numeric"
        autoComplete="off"
        onChange={(e) => onChange(e.currentTarget.value)}
        rightSectionPointerEvents="all"
        rightSection={
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              aria-label={label}
              onClick={() => setOpened((o) => !o)}
              onPointerEnter={() => void loadCalendar()}
              onPointerDown={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
            >
              <IconCalendarEvent size={18} stroke={1.75} aria-hidden />
            </ActionIcon>
          </Popover.Target>
        }
      />
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" aria-label={t('openCalendar')} />}>
          <DateCalendar
            day={day}
            time={time}
            withTime={withTime}
            onDay={(iso) => {
              const text = write(iso, time);
              if (!withTime) {
                setOpened(false);
                onPicked?.(text);
              }
            }}
            onTime={(hhmm) => write(day ?? schoolToday(), hhmm)}
            onDone={() => {
              setOpened(false);
              onPicked?.(value);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
