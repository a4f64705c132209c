import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { TokensPanel } from '@/features/tokens/components/tokens-panel';

/** /settings/tokens: 'Токены доступа' in the profile menu (issue 29). */
export function TokensRoute() {
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.home.getHref() }, { label: 'Токены доступа' }]}
        title="Токены доступа"
      />
      <Stack gap="xl" maw={880}>
        <TokensPanel />
      </Stack>
    </>
  );
}
