import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useRef, type RefObject } from 'react';
import { Button, FocusTrap, Group, Paper, Portal, Stack } from '@mantine/core';
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
 *
 * It is a dialog placed under the field's button by floating-ui (what the kit's own Popover is
 * built on; used here with the kit's FocusTrap and Portal so that none of it loads before the
 * calendar is wanted, and nothing beyond what the kit's popovers already load): it flips above
 * near the bottom of the window, keeps the focus inside while open, closes on Escape or a press
 * outside, and gives the focus back to the button.
 */
export default function DateCalendar({
  id,
  anchor,
  label,
  onClose,
  ...calendar
}: {
  id: string;
  /** The button that opened it: the popover sits under it and the focus returns to it. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** The dialog's accessible name (the button's). */
  label: string;
  onClose: () => void;
} & CalendarProps) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference: anchor.current },
    placement: 'bottom-end',
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip(), shift({ padding: 8 })],
  });
  const dialog = useRef<HTMLDivElement | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const button = anchor.current;
    // A press outside closes it; a press on the button is not outside (its own click toggles).
    const onPress = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      const within = (node: Element | null) => !!node && !!target && node.contains(target);
      if (!within(dialog.current) && !within(button)) close.current();
    };
    document.addEventListener('pointerdown', onPress, true);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      // Back to the button when the focus was in the calendar (or nowhere, after a pick).
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) button?.focus();
    };
  }, [anchor]);
  return (
    <Portal>
      <div
        ref={(node) => {
          refs.setFloating(node);
          dialog.current = node;
        }}
        role="dialog"
        id={id}
        aria-label={label}
        style={{ ...floatingStyles, zIndex: 'var(--mantine-z-index-popover)' }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        {/* The trap sets its own ref on its child: the paper, not the positioned dialog. */}
        <FocusTrap active>
          <Paper shadow="md" withBorder p="sm">
            <Calendar {...calendar} />
          </Paper>
        </FocusTrap>
      </div>
    </Portal>
  );
}

interface CalendarProps {
  /** The day in the field (`YYYY-MM-DD`), if it is one. */
  day: string | null;
  /** The time in the field (`HH:MM`), or the field's default. */
  time: string;
  withTime: boolean;
  onDay: (iso: string) => void;
  onTime: (hhmm: string) => void;
  onDone: () => void;
}

function Calendar({ day, time, withTime, onDay, onTime, onDone }: CalendarProps) {
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
