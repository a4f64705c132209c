import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { IdentitiesPanel } from '@/features/identities/components/identities-panel';
import { PasskeysPanel } from '@/features/passkeys/components/passkeys-panel';
import { NewDeviceMailCard } from '@/features/sessions/components/new-device-mail-card';
import { SessionsPanel } from '@/features/sessions/components/sessions-panel';
import { sessionsTexts } from '@/features/sessions/texts';
import { useText } from '@/lib/i18n/catalogue';

/**
 * 'Безопасность' (issue 14, decision 0143): where the account is signed in, its passkeys, its linked
 * accounts (issue 30), and the new-device mail. The cabinet and the admin area show the same screen; only the way home differs.
 */
export function SecurityScreen({ homeHref }: { homeHref: string }) {
  const t = useText(sessionsTexts);
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: homeHref }, { label: t('Безопасность') }]}
        title={t('Безопасность')}
      />
      <Stack gap="xl" maw={880}>
        <SessionsPanel />
        <PasskeysPanel />
        <NewDeviceMailCard />
        {/* Last: it shows only where there is something to link or linked, once both answers are in. */}
        <IdentitiesPanel />
      </Stack>
    </>
  );
}
