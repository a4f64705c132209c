import type { Webhook } from '@cabinet/contracts';
import { Badge, Button, Code, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { SectionCard } from '@/components/section-card';
import { useText } from '@/lib/i18n';
import {
  useDeliveryMutation,
  useWebhookMutation,
  useWebhooks,
  WEBHOOKS_LOAD_FAILED,
  type WebhookScope,
  webhooksApi,
} from '../api/webhooks';
import { webhookTexts } from '../texts';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFormDialog } from './webhook-form-dialog';

/**
 * 'Вебхуки' (issue 31): an organization's endpoints (its owner, organization admins and site admins) or the
 * install's (/admin). Each with its events, 'Показать секрет', a new secret, 'Тест' and its deliveries.
 */
export function WebhooksSection({ scope }: { scope: WebhookScope }) {
  const t = useText(webhookTexts);
  const list = useWebhooks(scope);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <SectionCard
      // /admin's page is itself 'Вебхуки': its card names what it lists.
      title={scope.organizationId === null ? t('Адреса для событий') : t('Вебхуки')}
      aside={
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('Добавить вебхук')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('Кабинет отправляет события на ваши адреса, подписывая их по стандарту Standard Webhooks.')}
      </Text>
      {list.isError && <Text c="red">{t(WEBHOOKS_LOAD_FAILED)}</Text>}
      {list.data?.length === 0 && <Text c="dimmed">{t('Вебхуков пока нет')}</Text>}
      {list.data?.map((webhook) => (
        <WebhookCard
          key={webhook.id}
          scope={scope}
          webhook={webhook}
          onEdit={() => setEditing(webhook)}
          onSecret={setSecret}
        />
      ))}
      {editing && (
        <WebhookFormDialog
          scope={scope}
          webhook={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
          onCreated={setSecret}
        />
      )}
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t('Секрет вебхука')}
        closeButtonProps={{ 'aria-label': t('Закрыть') }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('Проверяйте им подпись webhook-signature. Не передавайте его посторонним.')}
          </Text>
          <Code block>{secret}</Code>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

type CardProps = { scope: WebhookScope; webhook: Webhook; onEdit: () => void; onSecret: (s: string) => void };

function WebhookCard({ scope, webhook, onEdit, onSecret }: CardProps) {
  const t = useText(webhookTexts);
  const [deleting, setDeleting] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const remove = useWebhookMutation(scope, () => webhooksApi.remove(scope, webhook.id));
  const rotate = useWebhookMutation(scope, () => webhooksApi.rotate(scope, webhook.id));
  const test = useDeliveryMutation(scope, webhook.id, () => webhooksApi.test(scope, webhook.id));
  const [revealing, setRevealing] = useState(false);
  const reveal = async () => {
    setRevealing(true);
    try {
      onSecret(await webhooksApi.secret(scope, webhook.id));
    } finally {
      setRevealing(false);
    }
  };
  return (
    <Paper withBorder p="md" aria-label={webhook.url} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <Badge color={webhook.enabled ? 'green' : 'gray'} variant="light" tt="none">
            {webhook.enabled ? t('Включён') : t('Выключен')}
          </Badge>
        </Group>
        {webhook.description && <Text size="sm">{webhook.description}</Text>}
        <Text size="sm" c="dimmed">
          {webhook.event_types.join(', ')}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => test.mutate(undefined, { onSuccess: () => setShowDeliveries(true) })}
            loading={test.isPending}
          >
            {t('Тест')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setShowDeliveries((v) => !v)}>
            {t('Доставки')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onEdit}>
            {t('Изменить')}
          </Button>
          <Button size="xs" variant="subtle" onClick={reveal} loading={revealing}>
            {t('Показать секрет')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            loading={rotate.isPending}
            onClick={() => rotate.mutate(undefined, { onSuccess: (r) => onSecret(r.data.secret) })}
          >
            {t('Заменить секрет')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            {t('Удалить')}
          </Button>
        </Group>
        {showDeliveries && <WebhookDeliveries scope={scope} webhookId={webhook.id} />}
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('Удалить вебхук?')}
        confirmLabel={t('Удалить вебхук')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setDeleting(false) })}
      >
        <Text size="sm">
          {t('События перестанут уходить на {url}; журнал доставок удалится вместе с ним.', {
            url: webhook.url,
          })}
        </Text>
      </ConfirmDeleteDialog>
    </Paper>
  );
}
