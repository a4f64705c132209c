import { type PersonalTokenCreated, TokenNameSchema } from '@cabinet/contracts';
import { Button, Code, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { z } from 'zod';
import { useFieldErrorsClaim } from '@/lib/field-errors';
import { textNow, useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { useCreateToken } from '../api/tokens';
import { tokenTexts } from '../texts';

const FormSchema = z.object({ name: TokenNameSchema, access: z.enum(['read', 'write']), days: z.string() });

/** The terms offered, in days ('never': no end). */
const EXPIRY_DAYS = ['7', '30', '90', '365', 'never'] as const;

/** 'Создать токен': name, rights, term; then the token, shown this once, with 'Скопировать'. */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useText(tokenTexts);
  const expiry = EXPIRY_DAYS.map((value) => ({
    value,
    label:
      value === 'never'
        ? t('Бессрочно')
        : value === '365'
          ? t('1 год')
          : t('{count, plural, one {# день} few {# дня} many {# дней} other {# дня}}', {
              count: Number(value),
            }),
  }));
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
        () => notifySuccess(textNow(tokenTexts)('Токен скопирован в буфер обмена')),
        () => notifyError(textNow(tokenTexts)('Ошибка при копировании в буфер обмена')),
      );

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={created ? t('Токен создан') : t('Новый токен доступа')}
      centered
    >
      {created ? (
        <Stack gap="md">
          <Text size="sm">{t('Скопируйте токен сейчас: больше он показан не будет.')}</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={t('Токен')}>
            {created.token}
          </Code>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => copy(created.token)}>
              {t('Скопировать')}
            </Button>
            <Button onClick={onClose}>{t('Готово')}</Button>
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
              label={t('Название')}
              placeholder={t('Например, «Сборка на CI»')}
              maxLength={40}
              data-autofocus
              disabled={busy}
            />
            <Radio.Group {...form.getInputProps('access')} key={form.key('access')} label={t('Права')}>
              <Stack gap={6} mt={6}>
                <Radio value="read" label={t('Только чтение')} disabled={busy} />
                <Radio value="write" label={t('Чтение и изменение')} disabled={busy} />
              </Stack>
            </Radio.Group>
            <Select
              {...form.getInputProps('days')}
              key={form.key('days')}
              label={t('Срок действия')}
              data={expiry}
              allowDeselect={false}
              disabled={busy}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('Отмена')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('Создать токен')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
