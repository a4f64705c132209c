import { Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { DeviceApproval } from '@/features/device/components/device-approval';

/** /device: sign-in of a command-line application by its code (issue 29; RFC 8628's verification page). */
export function DeviceRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.home.getHref() }, { label: 'Вход в приложение' }]}
        title="Вход в приложение"
      />
      <Stack gap="lg" maw={640}>
        <Text size="sm" c="dimmed">
          Введите код, который показывает приложение или программа в терминале, и подтвердите вход.
        </Text>
        <DeviceApproval initialCode={params.get('user_code') ?? ''} />
      </Stack>
    </>
  );
}
