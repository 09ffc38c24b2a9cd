import { Checkbox, Group, NumberInput, Radio, Stack, Textarea } from '@mantine/core';
import type { AnswerValue, Question } from '@sabaq/platform';
import type { MonitoringTexts } from './texts';

/**
 * One question of a questionnaire: its control by kind (choices as radio buttons or check
 * boxes, a scale as numbered radio buttons, a number field, a text area), or, read-only, the
 * answer given. Every control has the question as its label, so the keyboard and screen readers
 * reach each one by name.
 */
export function QuestionField({
  question,
  number,
  value,
  error,
  readOnly,
  onChange,
  t,
}: {
  question: Question;
  number: number;
  value: AnswerValue | undefined;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: AnswerValue) => void;
  t: MonitoringTexts;
}) {
  const label = `${number}. ${question.text}`;
  const description = question.required ? undefined : t('optional');
  const id = `q-${question.id}`;
  if (readOnly)
    return (
      <div className="mon-question" id={id}>
        <p>{label}</p>
        <p className="mon-answer">{shownAnswer(question, value, t)}</p>
      </div>
    );
  const common = {
    label,
    description,
    error,
    required: question.required,
    withAsterisk: question.required,
  };
  let control;
  switch (question.kind) {
    case 'single':
      control = (
        <Radio.Group
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        >
          <Stack gap={8} mt={8}>
            {question.options.map((option) => (
              <Radio key={option.id} value={option.id} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 'multi':
      control = (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
        >
          <Stack gap={8} mt={8}>
            {question.options.map((option) => (
              <Checkbox key={option.id} value={option.id} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case 'scale': {
      const max = question.max ?? 5;
      control = (
        <Radio.Group
          {...common}
          description={[description, t('scaleHint', { max })].filter(Boolean).join(' · ')}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(next) => onChange(Number(next))}
        >
          <Group gap={16} mt={8}>
            {Array.from({ length: max }, (_, i) => (
              <Radio key={i} value={String(i + 1)} label={String(i + 1)} />
            ))}
          </Group>
        </Radio.Group>
      );
      break;
    }
    case 'number':
      control = (
        <NumberInput
          {...common}
          description={[description, t('numberHint', { max: question.max ?? 1_000_000 })]
            .filter(Boolean)
            .join(' · ')}
          value={typeof value === 'number' ? value : ''}
          min={0}
          max={question.max ?? undefined}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          w={{ base: '100%', sm: 240 }}
        />
      );
      break;
    default:
      control = (
        <Textarea
          {...common}
          value={typeof value === 'string' ? value : ''}
          maxLength={2000}
          rows={3}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
  return (
    <div className={error ? 'mon-question mon-question-invalid' : 'mon-question'} id={id}>
      {control}
    </div>
  );
}

function shownAnswer(question: Question, value: AnswerValue | undefined, t: MonitoringTexts) {
  if (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
    return t('noAnswer');
  const label = (id: string) => question.options.find((o) => o.id === id)?.label ?? id;
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'string') return question.kind === 'single' ? label(value) : value;
  return question.kind === 'scale' ? `${value} / ${question.max ?? 5}` : String(value);
}
