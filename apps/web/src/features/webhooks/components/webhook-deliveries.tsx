import type { WebhookDelivery } from '@cabinet/contracts';
import { Badge, Button, Loader, Table, Text } from '@mantine/core';
import { useDeliveries, useDeliveryMutation, type WebhookScope, webhooksApi } from '../api/webhooks';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: 'Ожидает', color: 'yellow' },
  succeeded: { label: 'Доставлено', color: 'green' },
  failed: { label: 'Не доставлено', color: 'red' },
};

const when = (iso: string) => new Date(iso).toLocaleString('ru-RU');

/** An endpoint's deliveries, newest first: event, status, last answer, tries, and 'Повторить'. */
export function WebhookDeliveries({ scope, webhookId }: { scope: WebhookScope; webhookId: number }) {
  const list = useDeliveries(scope, webhookId);
  const retry = useDeliveryMutation(scope, webhookId, (did: number) =>
    webhooksApi.retry(scope, webhookId, did),
  );
  if (list.isPending) return <Loader size="sm" aria-label="Загрузка" />;
  if (list.isError) return <Text c="red">Не удалось получить доставки</Text>;
  if (list.data.length === 0) return <Text c="dimmed">Доставок пока нет: нажмите «Тест»</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Доставки">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Событие</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th>Ответ</Table.Th>
            <Table.Th>Попыток</Table.Th>
            <Table.Th>Создано</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{d.event_type}</Table.Td>
              <Table.Td>
                <Badge color={STATUS[d.status].color} variant="light" tt="none">
                  {STATUS[d.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{d.last_status ?? d.last_error ?? '—'}</Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{when(d.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  loading={retry.isPending && retry.variables === d.id}
                  onClick={() => retry.mutate(d.id)}
                >
                  Повторить
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
