import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { OrganizationForm } from '@/features/organizations/components/organization-form';
import { OrganizationsUsage } from './organizations-usage';

/** New organization (spec section 2): name, type, optional avatar; saving creates it and goes home. */
export function OrganizationCreateRoute() {
  const navigate = useNavigate();
  const home = () => navigate(paths.home.getHref());
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.home.getHref() }, { label: 'Новая организация' }]}
        title="Новая организация"
      />
      <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={640}>
        <Stack gap="lg">
          {/* How many the plan allows, and the way to more before the limit stops the save (issue 16). */}
          <div>
            <OrganizationsUsage warnAtLimit />
          </div>
          <OrganizationForm mode="create" onSaved={home} onCancel={home} />
        </Stack>
      </Paper>
    </>
  );
}
