import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { TokensPanel } from '@/features/tokens/components/tokens-panel';
import { tokenTexts } from '@/features/tokens/texts';
import { useText } from '@/lib/i18n';

/** /settings/tokens: 'Токены доступа' in the profile menu (issue 29). */
export function TokensRoute() {
  const t = useText(tokenTexts);
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.home.getHref() }, { label: t('Токены доступа') }]}
        title={t('Токены доступа')}
      />
      <Stack gap="xl" maw={880}>
        <TokensPanel />
      </Stack>
    </>
  );
}
