import { type PersonalTokenCreated, TokenNameSchema } from '@cabinet/contracts';
import { Button, Code, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { z } from 'zod';
import { useFieldErrorsClaim } from '@/lib/field-errors';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { useCreateToken } from '../api/tokens';

const FormSchema = z.object({ name: TokenNameSchema, access: z.enum(['read', 'write']), days: z.string() });

const EXPIRY = [
  { value: '7', label: '7 дней' },
  { value: '30', label: '30 дней' },
  { value: '90', label: '90 дней' },
  { value: '365', label: '1 год' },
  { value: 'never', label: 'Бессрочно' },
];

/** 'Создать токен': name, rights, term; then the token, shown this once, with 'Скопировать'. */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateToken();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', access: 'read' as 'read' | 'write', days: '30' },
    validate: schemaResolver(FormSchema, { sync: true }),
  });
  useEffect(() => {
    if (opened) {
      form.reset();
      create.reset();
    }
  }, [opened]);
  // A name the server refuses is said under the field, with no toast (issue 34, rule 5).
  const claimFieldErrors = useFieldErrorsClaim(form, {
    serverFields: { scopes: 'access', expires_in_days: 'days' },
    active: opened,
  });
  const created: PersonalTokenCreated | undefined = create.data;
  const busy = create.isPending;
  const copy = (token: string) =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(token))
      .then(
        () => notifySuccess('Токен скопирован в буфер обмена'),
        () => notifyError('Ошибка при копировании в буфер обмена'),
      );

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={created ? 'Токен создан' : 'Новый токен доступа'}
      centered
    >
      {created ? (
        <Stack gap="md">
          <Text size="sm">Скопируйте токен сейчас: больше он показан не будет.</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Токен">
            {created.token}
          </Code>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => copy(created.token)}>
              Скопировать
            </Button>
            <Button onClick={onClose}>Готово</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ name, access, days }) => {
            claimFieldErrors();
            create.mutate({
              name: name.trim(),
              scopes: access === 'write' ? ['read', 'write'] : ['read'],
              expires_in_days: days === 'never' ? null : Number(days),
            });
          })}
        >
          <Stack gap="md">
            <TextInput
              {...form.getInputProps('name')}
              key={form.key('name')}
              label="Название"
              placeholder="Например, «Сборка на CI»"
              maxLength={40}
              data-autofocus
              disabled={busy}
            />
            <Radio.Group {...form.getInputProps('access')} key={form.key('access')} label="Права">
              <Stack gap={6} mt={6}>
                <Radio value="read" label="Только чтение" disabled={busy} />
                <Radio value="write" label="Чтение и изменение" disabled={busy} />
              </Stack>
            </Radio.Group>
            <Select
              {...form.getInputProps('days')}
              key={form.key('days')}
              label="Срок действия"
              data={EXPIRY}
              allowDeselect={false}
              disabled={busy}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Отмена
              </Button>
              <Button type="submit" loading={busy}>
                Создать токен
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
