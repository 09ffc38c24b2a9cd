import { Anchor, Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createCourse, useAuthoring } from './api';
import { CourseForm, inputOf } from './CourseForm';
import { editorPath } from './paths';
import { editorText } from './editor-texts';

/**
 * control/courses/list, for the methodist and the administrator: the courses they write (drafts
 * only they see, published ones) with a link to each one's editor, and a new course's form.
 */
export function AuthoredCourses() {
  const t = editorText();
  const navigate = useNavigate();
  const loaded = useAuthoring(true);
  const [creating, setCreating] = useState(false);
  const list = loaded.data;
  return (
    <section className="course-block" aria-labelledby="authored-h">
      <h2 id="authored-h">{t('myCourses')}</h2>
      <p>{t('myCoursesIntro')}</p>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!list && !loaded.error && <p>{t('loading')}</p>}
      {list && list.items.length === 0 && <p>{t('noCourses')}</p>}
      {list && list.items.length > 0 && (
        <ul className="course-cards">
          {list.items.map((course) => (
            <li key={course.id} className="course-card">
              <h3 className="course-card-title">
                <Anchor
                  component={Link}
                  to={editorPath(course.id)}
                  aria-label={t('edit', { name: course.title })}
                >
                  {course.title}
                </Anchor>
              </h3>
              <p>
                <Badge color={course.published ? 'teal.9' : 'dark.6'} variant="filled">
                  {course.published ? t('statusPublished') : t('statusDraft')}
                </Badge>
              </p>
              <p className="tch-muted">
                {t('modulesCount', { n: course.modules })} ·{' '}
                {t('learnersCount', { n: course.learners })}
                {course.hasTest ? '' : ` · ${t('noTestYet')}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list && !creating && (
        <Button mt="sm" onClick={() => setCreating(true)}>
          {t('newCourse')}
        </Button>
      )}
      {list && creating && (
        <CourseForm
          initial={inputOf(null)}
          subjects={list.subjects}
          submitLabel={t('create')}
          onSubmit={createCourse}
          onDone={(course) => navigate(editorPath(course.id))}
          onCancel={() => setCreating(false)}
          t={t}
        />
      )}
    </section>
  );
}
