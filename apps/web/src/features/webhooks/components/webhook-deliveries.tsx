import type { WebhookDelivery } from '@cabinet/contracts';
import { Badge, Button, Loader, Table, Text } from '@mantine/core';
import { getLocale, useText } from '@/lib/i18n';
import { useDeliveries, useDeliveryMutation, type WebhookScope, webhooksApi } from '../api/webhooks';
import { type WebhookText, webhookTexts } from '../texts';

const STATUS: Record<WebhookDelivery['status'], { label: WebhookText; color: string }> = {
  pending: { label: 'Ожидает', color: 'yellow' },
  succeeded: { label: 'Доставлено', color: 'green' },
  failed: { label: 'Не доставлено', color: 'red' },
};

// 'ru' reads as 'ru-RU' did: '07.12.2026, 10:00:00'.
const when = (iso: string) => new Date(iso).toLocaleString(getLocale());

/** An endpoint's deliveries, newest first: event, status, last answer, tries, and 'Повторить'. */
export function WebhookDeliveries({ scope, webhookId }: { scope: WebhookScope; webhookId: number }) {
  const t = useText(webhookTexts);
  const list = useDeliveries(scope, webhookId);
  const retry = useDeliveryMutation(scope, webhookId, (did: number) =>
    webhooksApi.retry(scope, webhookId, did),
  );
  if (list.isPending) return <Loader size="sm" aria-label={t('Загрузка')} />;
  if (list.isError) return <Text c="red">{t('Не удалось получить доставки')}</Text>;
  if (list.data.length === 0) return <Text c="dimmed">{t('Доставок пока нет: нажмите «Тест»')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t('Доставки')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Событие')}</Table.Th>
            <Table.Th>{t('Статус')}</Table.Th>
            <Table.Th>{t('Ответ')}</Table.Th>
            <Table.Th>{t('Попыток')}</Table.Th>
            <Table.Th>{t('Создано')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{d.event_type}</Table.Td>
              <Table.Td>
                <Badge color={STATUS[d.status].color} variant="light" tt="none">
                  {t(STATUS[d.status].label)}
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
                  {t('Повторить')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
