import { describe, expect, it } from 'vitest';
import { createDraft, newModule } from '@sabaq/engine';
import {
  assertCanEditCourse,
  assertModuleItem,
  assertModuleRemovable,
  assertRemovable,
  assertSameModules,
  assertTestItem,
  authoredBy,
  canEditCourse,
  publishProblems,
  scoredTasks,
} from './course-authoring-access';
import { CourseError } from './course-texts';

const status = (fn: () => void): number | null => {
  try {
    fn();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(CourseError);
    return (error as CourseError).status;
  }
};

describe('who writes which course', () => {
  const methodist = { userId: 7, role: 'methodist' as const };
  it('lets a methodist change their own course, the administrator any', () => {
    expect(canEditCourse({ authorId: 7, published: true }, methodist)).toBe(true);
    expect(canEditCourse({ authorId: 8, published: false }, methodist)).toBe(false);
    expect(canEditCourse({ authorId: null, published: true }, methodist)).toBe(false);
    expect(canEditCourse({ authorId: null, published: false }, { userId: 1, role: 'admin' })).toBe(
      true,
    );
    // The author's role decides too: a teacher never edits, even a course naming them.
    expect(canEditCourse({ authorId: 7, published: true }, { userId: 7, role: 'teacher' })).toBe(
      false,
    );
  });
  it("answers 404 for someone else's draft and 403 for their published course", () => {
    expect(status(() => assertCanEditCourse({ authorId: 8, published: false }, methodist))).toBe(
      404,
    );
    expect(status(() => assertCanEditCourse({ authorId: 8, published: true }, methodist))).toBe(
      403,
    );
    expect(status(() => assertCanEditCourse({ authorId: 7, published: true }, methodist))).toBe(
      null,
    );
    expect(authoredBy(methodist)).toBe(7);
    expect(authoredBy({ userId: 1, role: 'admin' })).toBeNull();
  });
});

describe('modules and the final test', () => {
  it('takes published lessons and lectures once each, up to the limit', () => {
    expect(status(() => assertModuleItem('lecture', false, 0))).toBeNull();
    expect(status(() => assertModuleItem('customLesson', false, 29))).toBeNull();
    expect(status(() => assertModuleItem('sor', false, 0))).toBe(422);
    expect(status(() => assertModuleItem(null, false, 0))).toBe(422);
    expect(status(() => assertModuleItem('lesson', true, 1))).toBe(422);
    expect(status(() => assertModuleItem('lesson', false, 30))).toBe(422);
  });
  it('orders every module once', () => {
    expect(status(() => assertSameModules([1, 2, 3], [3, 1, 2]))).toBeNull();
    expect(status(() => assertSameModules([1, 2, 3], [3, 1]))).toBe(422);
    expect(status(() => assertSameModules([1, 2], [1, 1]))).toBe(422);
    expect(status(() => assertSameModules([1, 2], [1, 4]))).toBe(422);
  });
  it('keeps a module someone studied, the last module of a published course and a course with learners', () => {
    expect(status(() => assertModuleRemovable(2, { published: false, modules: 3 }))).toBe(409);
    expect(status(() => assertModuleRemovable(0, { published: true, modules: 1 }))).toBe(409);
    expect(status(() => assertModuleRemovable(0, { published: false, modules: 1 }))).toBeNull();
    expect(status(() => assertModuleRemovable(0, { published: true, modules: 2 }))).toBeNull();
    expect(status(() => assertRemovable(1))).toBe(409);
    expect(status(() => assertRemovable(0))).toBeNull();
  });
  it('takes a SOR or SOCh scored automatically as the final test', () => {
    expect(status(() => assertTestItem('soch'))).toBeNull();
    expect(status(() => assertTestItem('lecture'))).toBe(422);
    const exam = createDraft({ id: 'x', type: 'sor', title: 'БЖБ', lang: 'kz' });
    const text = newModule('t', 'simple', 'Кіріспе');
    const choice = newModule('c', 'task', 'Таңдау');
    choice.options = { kind: 'select', items: [{ id: 'a', text: 'А' }], rightId: 'a' };
    const open = newModule('o', 'task', 'Ашық жауап');
    exam.pages = [{ id: 'p', title: '', expand: true, modules: [text] }];
    expect(status(() => scoredTasks(exam))).toBe(422);
    exam.pages[0]!.modules = [text, choice];
    expect(scoredTasks(exam)).toBe(1);
    exam.pages[0]!.modules = [text, choice, open];
    expect(status(() => scoredTasks(exam))).toBe(422);
  });
  it('names what keeps a course from being published', () => {
    expect(publishProblems({ modules: 0, hasTest: false })).toEqual({
      modules: ['publish_modules'],
      test: ['publish_test'],
    });
    expect(publishProblems({ modules: 2, hasTest: true })).toEqual({});
  });
});
