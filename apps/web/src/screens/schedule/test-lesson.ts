import type { Lesson } from '@sabaq/platform';

/** Lesson 3 of 18.11.2026 (09:40–10:20) of 7А: the lesson the schedule screens' tests stand on. */
export function testLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 11,
    date: '2026-11-18',
    number: 3,
    startsAt: '09:40',
    endsAt: '10:20',
    shift: 1,
    group: { id: 7, name: '7А' },
    subgroup: null,
    subject: { id: 5, name: 'Алгебра' },
    teacher: { id: 2, fullname: 'Ахметова Гүлнар Қайратқызы' },
    theme: '',
    content: { draftId: 'sor-1', type: 'sor', title: 'БЖБ: теңдеулер', version: 12 },
    homeworkCount: 0,
    ...overrides,
  } as Lesson;
}
