import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { OrganizationForm } from '@/features/organizations/components/organization-form';

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
        <OrganizationForm mode="create" onSaved={home} onCancel={home} />
      </Paper>
    </>
  );
}
