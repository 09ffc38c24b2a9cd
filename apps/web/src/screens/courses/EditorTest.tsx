import { Button } from '@mantine/core';
import { useState } from 'react';
import type { CourseDraft } from '@sabaq/platform';
import { failure } from '../shared/api';
import { chooseTest } from './api';
import { ContentPicker } from './ContentPicker';
import type { EditorTexts } from './editor-texts';

/** The course's final test: a published SOR or SOCh of the catalogue, chosen or taken away. */
export function EditorTest({
  course,
  onChange,
  t,
}: {
  course: CourseDraft;
  onChange: (course: CourseDraft) => void;
  t: EditorTexts;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const choose = async (draftId: string | null, text: string) => {
    const result = await chooseTest(course.id, draftId);
    if (result.error) {
      setMessage('');
      setError(failure(result));
      return;
    }
    setError('');
    setMessage(text);
    onChange(result.data.data);
  };
  const test = course.test;
  return (
    <section className="course-block" aria-labelledby="editor-test-h">
      <h2 id="editor-test-h">{t('test')}</h2>
      <p>{t('testIntro')}</p>
      <p>
        {!test
          ? t('testNone')
          : test.source === 'content'
            ? `${t('testCurrent', { title: test.title, size: test.size })}${test.version ? ` (${t('testVersion', { n: test.version })})` : ''}`
            : t('testOwn', { title: test.title, size: test.size })}
      </p>
      {test && !course.published && (
        <Button variant="default" onClick={() => void choose(null, t('testRemoved'))}>
          {t('testRemove')}
        </Button>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error && <p role="alert">{error}</p>}
      <ContentPicker
        kinds={['exam']}
        legend={t('findTest')}
        action={t('chooseThis')}
        onPick={(item) => choose(item.id, t('testChosen', { name: item.title }))}
        t={t}
      />
    </section>
  );
}
