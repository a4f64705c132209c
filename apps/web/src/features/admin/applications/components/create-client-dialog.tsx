import { OauthClientCreateSchema } from '@cabinet/contracts';
import { Checkbox, Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { z } from 'zod';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { useCreateClient } from '../api/clients';
import { adminApplicationsTexts } from '../texts';

const FormSchema = z.object({ name: OauthClientCreateSchema.shape.name, write: z.boolean() });

/**
 * 'Зарегистрировать приложение': its name and the rights it may ask for; client_id is made by the server.
 * A name the form or the server refuses is said under the field (issue 34, rule 5), in the form frame.
 */
export function CreateClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useText(adminApplicationsTexts);
  const create = useCreateClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', write: false },
    validate: schemaResolver(FormSchema, { sync: true }),
  });
  useEffect(() => {
    if (opened) {
      form.reset();
      create.reset();
    }
  }, [opened]);
  const submit = form.onSubmit(({ name, write }) =>
    create.mutate(
      { name: name.trim(), scopes: write ? ['read', 'write'] : ['read'] },
      {
        onSuccess: () => {
          form.resetDirty();
          onClose();
        },
      },
    ),
  );
  return (
    <Modal
      opened={opened}
      onClose={create.isPending ? () => {} : onClose}
      title={t('Новое приложение')}
      centered
    >
      <FormFrame
        form={form}
        labels={{ name: t('Название') }}
        serverFields={{ scopes: 'write' }}
        onSubmit={submit}
        busy={create.isPending}
        submitLabel={t('Зарегистрировать')}
        onCancel={onClose}
      >
        <TextInput
          {...form.getInputProps('name')}
          label={t('Название')}
          placeholder={t('Например, «Сборочный сервер»')}
          withAsterisk
          maxLength={80}
          data-autofocus
        />
        <Checkbox label={t('Чтение')} checked disabled readOnly />
        <Checkbox {...form.getInputProps('write', { type: 'checkbox' })} label={t('Изменение')} />
      </FormFrame>
    </Modal>
  );
}
