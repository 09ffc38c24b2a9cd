import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import type { SessionInfo } from '@sabaq/platform';
import { displayDateTime, failure, path, useLoad } from '../shared/api';
import { api } from '../../app/services';
import { commerceText } from './texts';

/** profile/sessions: the user's open sessions, with sign-out of one or of all the others. */
export function Sessions() {
  const t = commerceText();
  const loaded = useLoad<SessionInfo[]>(path('auth.sessions'));
  const [error, setError] = useState<string | null>(null);

  async function revoke(url: string) {
    setError(null);
    const result = await api.request('DELETE', url, { handle: 'silent' });
    if (result.error) setError(failure(result));
    await loaded.reload();
  }

  if (loaded.error)
    return (
      <Alert color="red" role="alert">
        {loaded.error}
      </Alert>
    );
  if (!loaded.data) return <Text role="status">{t('loading')}</Text>;
  const others = loaded.data.filter((s) => !s.current).length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sessions-h">
      <Group justify="space-between" mb="sm">
        <h2 id="sessions-h" className="commerce-subtitle">
          {t('sessionsTitle')}
        </h2>
        <Button
          variant="default"
          disabled={others === 0}
          onClick={() => void revoke(path('profile.sessionsRevokeOthers'))}
        >
          {t('signOutOthers')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={560} type="native">
        <Table data-testid="sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('device')}</Table.Th>
              <Table.Th scope="col">{t('lastUsed')}</Table.Th>
              <Table.Th scope="col">{t('address')}</Table.Th>
              <Table.Th scope="col">
                <span className="commerce-visually-hidden">{t('actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaded.data.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  {s.userAgent ?? t('none')}{' '}
                  {s.current ? (
                    <Badge variant="outline" color="dark">
                      {t('thisSession')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{displayDateTime(s.lastUsedAt)}</Table.Td>
                <Table.Td>{s.ip ?? t('none')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => void revoke(path('profile.sessionRevoke', { sessionId: s.id }))}
                  >
                    {s.current ? t('signOutThis') : t('signOut')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
