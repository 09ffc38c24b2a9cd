import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { schoolToday } from './api';
import { teachingText } from './teaching-texts';
// The calendar and the popover it opens in (@mantine/dates, dayjs with its kk/ru locales, their
// CSS, floating-ui's positioning and focus management: ~45 KB) are fetched when a pointer or the
// focus reaches the field's button, not with the screen: most visits only read dates, and the
// schedule (the first page after sign-in) has such a field.
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
  const button = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
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
    <>
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
          <ActionIcon
            ref={button}
            variant="subtle"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? dialogId : undefined}
            onClick={() => setOpened((o) => !o)}
            onPointerEnter={() => void loadCalendar()}
            onPointerDown={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
          >
            <IconCalendarEvent size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        }
      />
      {opened && (
        // Nothing to show while the chunk arrives: it was asked for when the pointer or the focus
        // reached the button, so by the click it is usually here.
        <Suspense fallback={null}>
          <DateCalendar
            id={dialogId}
            anchor={button}
            label={label}
            onClose={() => setOpened(false)}
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
      )}
    </>
  );
}
