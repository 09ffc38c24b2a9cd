import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { Job, YearNewClass, YearPreview, YearTransitionResult } from '@sabaq/platform';
import { notify } from '../../app/services';
import { displayDate, failure } from '../shared/api';
import { previewYear, runYear } from './year-api';
import { YearPreviewView } from './YearPreviewView';
import { yearText } from './year-texts';

type Step =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'preview'; preview: YearPreview; dirty: boolean; error: string | null }
  | { kind: 'running'; job: Job | null }
  | { kind: 'done'; result: YearTransitionResult };

const asked = (p: YearPreview): YearNewClass[] =>
  p.opens.map((o) => ({ letter: o.letter, eduLang: o.eduLang.id }));

/**
 * The year transition of backoffice/school-settings (director, zavuch): a preview of what will
 * happen, the first classes to open (editable, checked again by the server), one confirmation,
 * then the job's progress and what it did. Runs once per school year (the server keeps to it).
 */
export function YearTransition() {
  const t = yearText();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [newClasses, setNewClasses] = useState<YearNewClass[]>([]);
  // The years of the last preview: the dialog keeps its title while the job runs and after.
  const [years, setYears] = useState<{ from: string; to: string } | null>(null);

  const load = async (classes?: YearNewClass[]) => {
    setStep({ kind: 'loading' });
    const r = await previewYear(classes);
    if (r.error) return setStep({ kind: 'failed', message: failure(r) });
    setNewClasses(classes ?? asked(r.data.data));
    setYears({ from: r.data.data.fromYear, to: r.data.data.toYear });
    setStep({ kind: 'preview', preview: r.data.data, dirty: false, error: null });
  };

  const confirm = async (preview: YearPreview) => {
    setStep({ kind: 'running', job: null });
    const r = await runYear({ fromYear: preview.fromYear, newClasses }, (job) =>
      setStep({ kind: 'running', job }),
    );
    if (r.error) return setStep({ kind: 'preview', preview, dirty: false, error: failure(r) });
    setStep({ kind: 'done', result: r.data.data });
    notify({ kind: 'success', message: doneText(r.data.data) });
  };

  const doneText = (r: YearTransitionResult) =>
    t('done', {
      moved: r.moved.length,
      graduated: r.graduated.length,
      leavers: r.leavers,
      opened: r.opened.length,
    });
  const close = () => setStep({ kind: 'closed' });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="year-h">
      <Title order={2} size="h3" id="year-h">
        {t('title')}
      </Title>
      <Text size="sm" my="xs">
        {t('intro')}
      </Text>
      <Button type="button" variant="default" onClick={() => void load()}>
        {t('open')}
      </Button>
      {step.kind !== 'closed' && (
        <Modal
          opened
          onClose={close}
          size="xl"
          title={years ? t('previewTitle', years) : t('title')}
          closeOnClickOutside={step.kind !== 'running'}
          withCloseButton={step.kind !== 'running'}
        >
          <Stack gap="md">
            {step.kind === 'loading' && <Text role="status">{t('loading')}</Text>}
            {step.kind === 'failed' && (
              <Alert color="red" role="alert" title={step.message}>
                <Button variant="default" size="xs" onClick={() => void load()}>
                  {t('retry')}
                </Button>
              </Alert>
            )}
            {step.kind === 'preview' && (
              <>
                {step.preview.state === 'done' && (
                  <Alert color="green" role="status">
                    {t('stateDone', {
                      year: step.preview.fromYear,
                      date: displayDate(step.preview.doneAt ?? ''),
                    })}{' '}
                    {step.preview.opensOn
                      ? t('stateWaiting', { date: displayDate(step.preview.opensOn) })
                      : ''}
                  </Alert>
                )}
                {step.preview.state === 'waiting' && (
                  <Alert color="gray" role="status">
                    {t('stateWaiting', { date: displayDate(step.preview.opensOn ?? '') })}
                  </Alert>
                )}
                {step.preview.state === 'ready' && (
                  <>
                    <YearPreviewView
                      preview={step.preview}
                      newClasses={newClasses}
                      onNewClasses={(next) => {
                        setNewClasses(next);
                        setStep({ ...step, dirty: true });
                      }}
                      t={t}
                    />
                    {step.error && (
                      <Alert color="red" role="alert">
                        {step.error}
                      </Alert>
                    )}
                    <Text size="sm">{step.dirty ? t('recheck') : t('confirmHint')}</Text>
                  </>
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    {t('cancel')}
                  </Button>
                  {step.preview.state === 'ready' && step.dirty && (
                    <Button variant="default" onClick={() => void load(newClasses)}>
                      {t('check')}
                    </Button>
                  )}
                  {step.preview.state === 'ready' && (
                    <Button
                      color="red"
                      disabled={step.dirty || step.preview.conflicts.length > 0}
                      onClick={() => void confirm(step.preview)}
                    >
                      {t('confirm')}
                    </Button>
                  )}
                </Group>
              </>
            )}
            {step.kind === 'running' && (
              <>
                <Text role="status">{t('running')}</Text>
                <Progress
                  value={
                    step.job && step.job.total > 0 ? (100 * step.job.done) / step.job.total : 0
                  }
                  animated
                  aria-label={t('running')}
                />
              </>
            )}
            {step.kind === 'done' && (
              <>
                <Alert color="green" role="status" data-testid="year-done">
                  {doneText(step.result)}
                </Alert>
                <Group justify="flex-end">
                  <Button onClick={close}>{t('close')}</Button>
                </Group>
              </>
            )}
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}
