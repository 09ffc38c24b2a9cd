import { useState } from 'react';
import { ActionIcon, Button, SegmentedControl, Table, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { TIMETABLE_WEEKDAYS } from '@sabaq/platform';
import type { SlotTarget } from './SlotModal';
import type { TimetableGroup, TimetableSlot } from './timetable-api';
import { shortPersonName } from './timetable-names';
import { weekdayLabel } from './timetable-texts';
import type { TimetableT, TimetableTextKey } from './timetable-texts';

/** Everything about a lesson in one line: the cell's detail (hover, focus, tap) and its name. */
export function slotLabel(slot: TimetableSlot, t: TimetableT): string {
  return [
    slot.subject.name,
    slot.subgroup?.name,
    slot.teacher?.fullname ?? t('noTeacher'),
    slot.room,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The compact face of a lesson in a cell: the subject, then «Surname I. O. · room». */
function slotFace(slot: TimetableSlot, t: TimetableT): { subject: string; meta: string } {
  return {
    subject: [slot.subject.name, slot.subgroup?.name].filter(Boolean).join(' · '),
    meta: [slot.teacher ? shortPersonName(slot.teacher.fullname) : t('noTeacher'), slot.room]
      .filter(Boolean)
      .join(' · '),
  };
}

function SlotFace({ slot, t }: { slot: TimetableSlot; t: TimetableT }) {
  const { subject, meta } = slotFace(slot, t);
  return (
    <>
      <span className="bo-slot-subject">{subject}</span>{' '}
      <span className="bo-slot-meta">{meta}</span>
    </>
  );
}

/**
 * The button's name holds the words it shows (WCAG 2.5.3, axe's label-content-name-mismatch: a
 * voice user says what they see), then the teacher's full name the face shortens.
 */
function slotName(slot: TimetableSlot, t: TimetableT): string {
  const { subject, meta } = slotFace(slot, t);
  const face = `${subject} ${meta}`;
  const full = slot.teacher?.fullname;
  return full && !face.includes(full) ? `${face} (${full})` : face;
}

/**
 * A lesson for a reader who may not change it: the compact face, the full detail in the
 * browser's own tooltip on hover (the kit's would bring its positioning library's hover and delay
 * parts into every list's bundle) and, on a tap or Enter — a phone has no hover — shown under
 * the face until tapped again.
 */
function ReadSlot({ slot, full, t }: { slot: TimetableSlot; full: string; t: TimetableT }) {
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      className="bo-slot-read"
      title={full}
      aria-expanded={open}
      onClick={() => setOpen((was) => !was)}
    >
      <span aria-hidden className="bo-slot-label">
        <SlotFace slot={slot} t={t} />
      </span>
      {open ? (
        <span className="bo-slot-detail">{full}</span>
      ) : (
        <VisuallyHidden>{full}</VisuallyHidden>
      )}
    </button>
  );
}

/** Today's weekday (1 Monday … 6 Saturday), Monday on a Sunday. */
function todayWeekday(): number {
  const day = new Date().getDay();
  return day >= 1 && day <= 6 ? day : 1;
}

/**
 * The class's week (issue 29): a row per bell, a column per weekday, Monday to Saturday in one
 * view at 1366 px — compact cells (subject; teacher as «Surname I. O.» and room), the full detail
 * on hover, focus or tap; on a phone one day at a time with a day switcher (CSS hides the other
 * days' columns below 48em, so the table is the same for every width).
 */
export function TimetableWeek({
  data,
  shift,
  onOpen,
  t,
}: {
  data: TimetableGroup;
  shift: 1 | 2;
  onOpen: (target: SlotTarget) => void;
  t: TimetableT;
}) {
  const bells = data.bells[shift];
  const [shown, setShown] = useState(todayWeekday);
  const off = (day: number) => (day === shown ? undefined : 'true');
  return (
    <div className="bo-week-wrap">
      <SegmentedControl
        className="bo-day-switch"
        fullWidth
        value={String(shown)}
        onChange={(value) => setShown(Number(value))}
        aria-label={t('dayToShow')}
        data={TIMETABLE_WEEKDAYS.map((day) => ({
          value: String(day),
          label: (
            <>
              <span aria-hidden>{t(`weekdayShort${day}` as TimetableTextKey)}</span>
              <VisuallyHidden>{weekdayLabel(t, day)}</VisuallyHidden>
            </>
          ),
        }))}
      />
      <Table withColumnBorders className="bo-week">
        <caption className="bo-muted">{t('shiftN', { n: shift })}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className="bo-week-bell">
              {t('bell')}
            </Table.Th>
            {TIMETABLE_WEEKDAYS.map((day) => (
              <Table.Th scope="col" key={day} data-day-off={off(day)}>
                {weekdayLabel(t, day)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bells.map((b) => (
            <Table.Tr key={b.lessonNo}>
              <Table.Th scope="row" className="bo-week-bell">
                <div>{t('lessonN', { n: b.lessonNo })}</div>
                <div className="bo-muted">
                  {b.startsAt}–{b.endsAt}
                </div>
              </Table.Th>
              {TIMETABLE_WEEKDAYS.map((day) => {
                const here = data.slots.filter(
                  (s) => s.weekday === day && s.lessonNo === b.lessonNo,
                );
                const place = { day: weekdayLabel(t, day), n: b.lessonNo };
                return (
                  <Table.Td key={day} data-day-off={off(day)}>
                    <div className="bo-cell">
                      {here.map((slot) => {
                        const full = slotLabel(slot, t);
                        return data.canManage ? (
                          <Button
                            key={slot.id}
                            variant="light"
                            size="compact-sm"
                            className="bo-slot"
                            classNames={{ label: 'bo-slot-label' }}
                            title={full}
                            aria-label={t('editAt', { ...place, subject: slotName(slot, t) })}
                            onClick={() => onOpen({ weekday: day, lessonNo: b.lessonNo, slot })}
                          >
                            <SlotFace slot={slot} t={t} />
                          </Button>
                        ) : (
                          <ReadSlot key={slot.id} slot={slot} full={full} t={t} />
                        );
                      })}
                      {data.canManage ? (
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('addAt', place)}
                          onClick={() => onOpen({ weekday: day, lessonNo: b.lessonNo, slot: null })}
                        >
                          <IconPlus size={16} aria-hidden />
                        </ActionIcon>
                      ) : null}
                    </div>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
