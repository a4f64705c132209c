import { PasskeyNameSchema } from '@cabinet/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useId } from 'react';
import { z } from 'zod';
import { useText } from '@/lib/i18n/catalogue';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { passkeysTexts } from '../texts';

const NameFormSchema = z.object({ name: PasskeyNameSchema });

type PasskeyNameDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the name field starts with. */
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => void;
  busy: boolean;
  /** The last attempt's failure, in red. */
  error: string | null;
  /** A line above the field. */
  children?: ReactNode;
};

/** The name of a passkey, asked when adding one ('Добавить ключ доступа') and when renaming it. */
export function PasskeyNameDialog({
  opened,
  onClose,
  title,
  initialName,
  submitLabel,
  onSubmit,
  busy,
  error,
  children,
}: PasskeyNameDialogProps) {
  const t = useText(passkeysTexts);
  const errorId = useId();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: initialName },
    validate: schemaResolver(NameFormSchema, { sync: true }),
  });
  // Each opening starts from the name it is given.
  useEffect(() => {
    if (opened) form.setValues({ name: initialName });
  }, [opened, initialName]);

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} centered closeOnEscape={!busy}>
      <form noValidate onSubmit={form.onSubmit(({ name }) => onSubmit(name.trim()))}>
        <Stack gap="md">
          {children}
          <TextInput
            {...form.getInputProps('name')}
            key={form.key('name')}
            label={t('Название')}
            placeholder={t('Например, «Рабочий ноутбук»')}
            maxLength={64}
            data-autofocus
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <Text id={errorId} role="alert" c="red.7" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('Отмена')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
