import { Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { DeviceApproval } from '@/features/device/components/device-approval';
import { deviceTexts } from '@/features/device/texts';
import { useText } from '@/lib/i18n/catalogue';

/** /device: sign-in of a command-line application by its code (issue 29; RFC 8628's verification page). */
export function DeviceRoute() {
  const t = useText(deviceTexts);
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.home.getHref() }, { label: t('Вход в приложение') }]}
        title={t('Вход в приложение')}
      />
      <Stack gap="lg" maw={640}>
        <Text size="sm" c="dimmed">
          {t('Введите код, который показывает приложение или программа в терминале, и подтвердите вход.')}
        </Text>
        <DeviceApproval initialCode={params.get('user_code') ?? ''} />
      </Stack>
    </>
  );
}
