import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconTerminal2 } from '@tabler/icons-react';
import { useState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import { useText } from '@/lib/i18n/catalogue';
import { useDeviceDecision, useDeviceRequest } from '../api/device';
import { deviceTexts } from '../texts';

/**
 * /app/device (issue 29, decision 0223): the person enters or confirms the code the application shows,
 * sees which application asks, with what rights, from which address and browser, and answers 'Разрешить'
 * or 'Отклонить'. Wrong codes are capped; the page then says how long to wait.
 */
export function DeviceApproval({ initialCode }: { initialCode: string }) {
  const t = useText(deviceTexts);
  const [typed, setTyped] = useState(initialCode);
  const [code, setCode] = useState<string | null>(initialCode.trim() ? initialCode.trim() : null);
  const request = useDeviceRequest(code);
  const decision = useDeviceDecision();
  const answered = decision.data;

  if (answered) {
    return (
      <Alert
        color={answered.approved ? 'teal' : 'gray'}
        icon={answered.approved ? <IconCircleCheck /> : <IconCircleX />}
        title={answered.approved ? t('Вход разрешён') : t('Вход отклонён')}
      >
        {answered.approved
          ? t(
              'Вернитесь в приложение: оно получит доступ в течение нескольких секунд. Завершить его сеанс можно в разделе «Безопасность».',
            )
          : t('Приложение не получит доступ к аккаунту. Эту страницу можно закрыть.')}
      </Alert>
    );
  }

  const found = request.data;
  // A code the server does not know (or too many wrong ones) is said under the field, as long as the field
  // holds the code that was checked (issue 34, rule 5).
  const codeError = request.isError && typed.trim() === code ? request.error.message : null;
  return (
    <Stack gap="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) setCode(typed.trim());
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('Код с экрана приложения')}
            placeholder="XXXX-XXXX"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={16}
            autoComplete="off"
            autoCapitalize="characters"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
            data-autofocus
            error={codeError}
          />
          <SubmitButton
            type="submit"
            variant="default"
            mt={25}
            blockedReason={typed.trim() ? null : t('Введите код')}
          >
            {t('Продолжить')}
          </SubmitButton>
        </Group>
      </form>
      {request.isFetching && !found && <Text size="sm">{t('Проверяем код…')}</Text>}
      {found && (
        <Paper withBorder p="lg" radius="md" component="section" aria-label={t('Запрос на вход')}>
          <Stack gap="sm">
            <Group gap="sm">
              <IconTerminal2 aria-hidden />
              <Title order={2} size="h4">
                {found.client_name}
              </Title>
            </Group>
            <Text size="sm">{t('Приложение просит доступ к вашему аккаунту с правами:')}</Text>
            <List size="sm" spacing={4}>
              {found.scope_labels.map((label) => (
                <List.Item key={label}>{label}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {found.ip
                ? t('Запрос отправлен с адреса {ip}, {device}. Код {code}.', {
                    ip: found.ip,
                    device: found.device,
                    code: found.user_code,
                  })
                : t('Запрос отправлен {device}. Код {code}.', {
                    device: found.device,
                    code: found.user_code,
                  })}
            </Text>
            <Text size="sm">{t('Разрешайте, только если вы сами запустили это приложение.')}</Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                color="red"
                loading={decision.isPending && decision.variables?.approve === false}
                disabled={decision.isPending}
                onClick={() => decision.mutate({ user_code: found.user_code, approve: false })}
              >
                {t('Отклонить')}
              </Button>
              <Button
                loading={decision.isPending && decision.variables?.approve === true}
                disabled={decision.isPending}
                onClick={() => decision.mutate({ user_code: found.user_code, approve: true })}
              >
                {t('Разрешить')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
