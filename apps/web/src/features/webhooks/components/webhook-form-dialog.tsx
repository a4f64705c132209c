import { WEBHOOK_EVENT_TYPES, type Webhook } from '@cabinet/contracts';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useWebhookMutation, type WebhookScope, webhooksApi } from '../api/webhooks';

type Props = {
  scope: WebhookScope;
  /** The endpoint edited; null adds one. */
  webhook: Webhook | null;
  opened: boolean;
  onClose: () => void;
  /** After adding: the new endpoint's secret, shown once more by 'Показать секрет'. */
  onCreated: (secret: string) => void;
};

/** Types an organization's endpoint may choose: user.* are the install's (decision 0250). */
const typesOf = (scope: WebhookScope) =>
  WEBHOOK_EVENT_TYPES.filter((type) => scope.organizationId === null || !type.startsWith('user.'));

/** 'Добавить вебхук' and 'Изменить': address, description, events, on or off. */
export function WebhookFormDialog({ scope, webhook, opened, onClose, onCreated }: Props) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [types, setTypes] = useState<string[]>(webhook?.event_types ?? []);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const body = { url, description, event_types: types as (typeof WEBHOOK_EVENT_TYPES)[number][], enabled };
  const save = useWebhookMutation(scope, () =>
    webhook ? webhooksApi.update(scope, webhook.id, body) : webhooksApi.create(scope, body),
  );
  const submit = () =>
    save.mutate(undefined, {
      onSuccess: (result) => {
        const data = result.data as { secret?: string };
        if (!webhook && data.secret) onCreated(data.secret);
        onClose();
      },
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={webhook ? 'Изменить вебхук' : 'Добавить вебхук'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <Stack gap="md">
        <TextInput
          label="Адрес"
          placeholder="https://crm.example.ru/hooks/cabinet"
          required
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <Textarea
          label="Описание"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Checkbox.Group label="События" value={types} onChange={setTypes} required>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
            {typesOf(scope).map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch label="Включён" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!url || types.length === 0}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
