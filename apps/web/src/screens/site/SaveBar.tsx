import { Button, Group, Text } from '@mantine/core';
import { siteText } from './texts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | { error: string };

/** The Save button and what became of the last save, announced to screen readers. */
export function SaveBar({ state, onSave }: { state: SaveState; onSave: () => void }) {
  const t = siteText();
  const message =
    state === 'saved'
      ? t('saved')
      : state === 'invalid'
        ? t('fixErrors')
        : typeof state === 'object'
          ? state.error
          : '';
  return (
    <Group gap="md" mt="md">
      <Button onClick={onSave} loading={state === 'saving'}>
        {state === 'saving' ? t('saving') : t('save')}
      </Button>
      <Text role="status" fw={600} c={state === 'saved' ? undefined : 'red.9'}>
        {message}
      </Text>
    </Group>
  );
}
