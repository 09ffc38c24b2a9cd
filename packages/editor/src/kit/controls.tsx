import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

type IconButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'children'> & {
  /** The accessible name (also the tooltip): an icon alone says nothing to a screen reader. */
  'aria-label': string;
  icon: ReactNode;
  /** Red for removing things. */
  danger?: boolean;
};

/** A square kit button with an icon and a name (remove, move, pick…). */
export function IconButton({ icon, danger, ...rest }: IconButtonProps) {
  return (
    <ActionIcon
      variant={rest['aria-pressed'] === true ? 'filled' : danger ? 'subtle' : 'default'}
      color={danger ? 'red' : undefined}
      size="md"
      title={rest['aria-label']}
      {...rest}
    >
      {icon}
    </ActionIcon>
  );
}

type AddButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color'> & { children: ReactNode };

/** "Add …" actions: a light kit button with a plus icon. */
export function AddButton({ children, ...rest }: AddButtonProps) {
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconPlus size={14} aria-hidden />}
      {...rest}
    >
      {children}
    </Button>
  );
}
