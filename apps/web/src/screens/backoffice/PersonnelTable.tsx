import { Link } from 'react-router-dom';
import { ActionIcon, Menu, Table, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { staffKindLabel } from '@sabaq/platform';
import type { StaffMember } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDate, urlLang } from '../shared/api';
import type { PersonnelT } from './personnel-texts';

/** The staff table of backoffice/personnel and each row's actions menu. */
export function fullName(m: Pick<StaffMember, 'surname' | 'firstname' | 'lastname'>): string {
  return [m.surname, m.firstname, m.lastname].filter(Boolean).join(' ');
}

export type Dialog =
  | { kind: 'form'; member: StaffMember | null }
  | { kind: 'import' }
  | { kind: 'confirm'; action: 'dismiss' | 'reset'; member: StaffMember }
  | { kind: 'password'; name: string; iin: string | null; password: string }
  | null;

export function StaffTable({
  staff,
  t,
  onAction,
}: {
  staff: StaffMember[];
  t: PersonnelT;
  onAction: (d: Dialog) => void;
}) {
  const lang = currentUiLang();
  const list = (items: { name: string }[]) =>
    items.length > 0 ? (
      items.map((i) => i.name).join(', ')
    ) : (
      <Text c="var(--sabaq-muted)" span size="sm">
        {t('none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table stickyHeader striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th>{t('role')}</Table.Th>
            <Table.Th>{t('subjects')}</Table.Th>
            <Table.Th>{t('classes')}</Table.Th>
            <Table.Th>{t('contact')}</Table.Th>
            <Table.Th>
              <span className="sbq-visually-hidden">{t('actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((m) => (
            <Table.Tr key={m.id} data-testid={`staff-${m.id}`}>
              <Table.Td>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {fullName(m)}
                </Text>
                {m.iin && (
                  <Text c="var(--sabaq-muted)" size="xs">
                    {t('iin')} {m.iin}
                  </Text>
                )}
                {m.dismissedAt && (
                  <Text size="xs" fw={600} c="var(--sabaq-muted)">
                    {t('dismissedOn', { date: displayDate(m.dismissedAt) })}
                  </Text>
                )}
                {!m.dismissedAt && m.defaultPass && (
                  <Text size="xs" fw={600} c="var(--sabaq-warning)">
                    {t('defaultPass')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{staffKindLabel(m.role, m.subrole, lang)}</Text>
                {m.position && (
                  <Text c="var(--sabaq-muted)" size="xs">
                    {m.position}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{list(m.subjects)}</Table.Td>
              <Table.Td>{list(m.classes)}</Table.Td>
              <Table.Td>
                <Text size="sm">{m.phone ? `+${m.phone}` : ''}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.email ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                {m.manageable && <RowMenu member={m} t={t} onAction={onAction} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowMenu({
  member,
  t,
  onAction,
}: {
  member: StaffMember;
  t: PersonnelT;
  onAction: (d: Dialog) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('actionsFor', { name: fullName(member) })}>
          <IconDots size={18} stroke={1.75} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction({ kind: 'form', member })}>{t('edit')}</Menu.Item>
        <Menu.Item onClick={() => onAction({ kind: 'confirm', action: 'reset', member })}>
          {t('resetPassword')}
        </Menu.Item>
        {member.role === 'teacher' && (
          <Menu.Item component={Link} to={`/${urlLang()}/behalf_auth?userId=${member.id}`}>
            {t('behalf')}
          </Menu.Item>
        )}
        <Menu.Item
          color="red.9"
          onClick={() => onAction({ kind: 'confirm', action: 'dismiss', member })}
        >
          {t('dismiss')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
