import { WEBHOOK_EVENT_TYPES, type Webhook, WebhookCreateSchema } from '@cabinet/contracts';
import { Checkbox, Modal, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { useWebhookMutation, type WebhookScope, webhooksApi } from '../api/webhooks';
import { webhookTexts } from '../texts';

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

/**
 * 'Добавить вебхук' and 'Изменить': address, description, events, on or off. A bad address or no event is
 * said under its field, by the form and by the server alike (issue 34, rule 5), in the form frame.
 */
export function WebhookFormDialog({ scope, webhook, opened, onClose, onCreated }: Props) {
  const t = useText(webhookTexts);
  const labels = { url: t('Адрес'), description: t('Описание'), event_types: t('События') };
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
      title={webhook ? t('Изменить вебхук') : t('Добавить вебхук')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('Закрыть') }}
    >
      <FormFrame
        form={form}
        labels={labels}
        changed={webhook ? form.isDirty() : undefined}
        onSubmit={submit}
        busy={save.isPending}
        submitLabel={t('Сохранить')}
        onCancel={onClose}
      >
        <TextInput
          {...form.getInputProps('url')}
          label={labels.url}
          placeholder="https://crm.example.ru/hooks/cabinet"
          withAsterisk
          inputMode="url"
          data-autofocus
        />
        <Textarea {...form.getInputProps('description')} label={labels.description} />
        <Checkbox.Group {...form.getInputProps('event_types')} label={labels.event_types} withAsterisk>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
            {typesOf(scope).map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label={t('Включён')} />
      </FormFrame>
    </Modal>
  );
}
