import { WEBHOOK_EVENT_TYPES, type Webhook, WebhookCreateSchema } from '@cabinet/contracts';
import { Checkbox, Modal, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormFrame } from '@/components/form-frame';
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

type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];
type Values = { url: string; description: string; event_types: EventType[]; enabled: boolean };

/** Types an organization's endpoint may choose: user.* are the install's (decision 0250). */
const typesOf = (scope: WebhookScope) =>
  WEBHOOK_EVENT_TYPES.filter((type) => scope.organizationId === null || !type.startsWith('user.'));

const LABELS = { url: 'Адрес', description: 'Описание', event_types: 'События' };

/**
 * 'Добавить вебхук' and 'Изменить': address, description, events, on or off. A bad address or no event is
 * said under its field, by the form and by the server alike (issue 34, rule 5), in the form frame.
 */
export function WebhookFormDialog({ scope, webhook, opened, onClose, onCreated }: Props) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      event_types: (webhook?.event_types ?? []) as EventType[],
      enabled: webhook?.enabled ?? true,
    },
    validate: schemaResolver(WebhookCreateSchema, { sync: true }),
  });
  const save = useWebhookMutation(scope, (body: Values) =>
    webhook ? webhooksApi.update(scope, webhook.id, body) : webhooksApi.create(scope, body),
  );
  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...values, url: values.url.trim() },
      {
        onSuccess: (result) => {
          const data = result.data as { secret?: string };
          if (!webhook && data.secret) onCreated(data.secret);
          form.resetDirty();
          onClose();
        },
      },
    ),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={webhook ? 'Изменить вебхук' : 'Добавить вебхук'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <FormFrame
        form={form}
        labels={LABELS}
        changed={webhook ? form.isDirty() : undefined}
        onSubmit={submit}
        busy={save.isPending}
        submitLabel="Сохранить"
        onCancel={onClose}
      >
        <TextInput
          {...form.getInputProps('url')}
          label="Адрес"
          placeholder="https://crm.example.ru/hooks/cabinet"
          withAsterisk
          inputMode="url"
          data-autofocus
        />
        <Textarea {...form.getInputProps('description')} label="Описание" />
        <Checkbox.Group {...form.getInputProps('event_types')} label="События" withAsterisk>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
            {typesOf(scope).map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label="Включён" />
      </FormFrame>
    </Modal>
  );
}
