import type { OauthClient } from '@cabinet/contracts';
import { Badge, Button, Code, Table, Text } from '@mantine/core';
import { formatDate } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { useUpdateClient } from '../api/clients';
import { adminApplicationsTexts } from '../texts';

/** The admins' 'Приложения': each client with its client_id, rights and state; 'Отключить' / 'Включить'. */
export function ClientsTable({ clients }: { clients: OauthClient[] }) {
  const t = useText(adminApplicationsTexts);
  const update = useUpdateClient();
  const scopeWords = (scopes: string[]) =>
    scopes.includes('write') ? t('Чтение и изменение') : t('Только чтение');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label={t('Приложения')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Название')}</Table.Th>
            <Table.Th>client_id</Table.Th>
            <Table.Th>{t('Права')}</Table.Th>
            <Table.Th>{t('Добавлено')}</Table.Th>
            <Table.Th>{t('Состояние')}</Table.Th>
            <Table.Th aria-label={t('Действия')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {client.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{client.client_id}</Code>
              </Table.Td>
              <Table.Td>{scopeWords(client.scopes)}</Table.Td>
              <Table.Td>{formatDate(client.created_at)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={client.disabled ? 'gray' : 'teal'}>
                  {client.disabled ? t('Отключено') : t('Включено')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color={client.disabled ? 'blue' : 'red'}
                  loading={update.isPending && update.variables?.id === client.id}
                  onClick={() => update.mutate({ id: client.id, disabled: !client.disabled })}
                  aria-label={
                    client.disabled
                      ? t('Включить приложение {name}', { name: client.name })
                      : t('Отключить приложение {name}', { name: client.name })
                  }
                >
                  {client.disabled ? t('Включить') : t('Отключить')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
