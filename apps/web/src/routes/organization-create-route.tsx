import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { INVITE_FIRST } from '@/features/members/components/members-manager';
import { OrganizationForm } from '@/features/organizations/components/organization-form';
import { organizationTexts } from '@/features/organizations/texts';
import { useText } from '@/lib/i18n';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { OrganizationsUsage } from './organizations-usage';

/**
 * New organization (spec section 2): name, type, optional avatar. Saving creates it and opens it, with
 * 'Пригласите участников' and the e-mail field focused (issue 34, rule 4).
 */
export function OrganizationCreateRoute() {
  const t = useText(organizationTexts);
  const navigate = useNavigate();
  const home = () => navigate(paths.home.getHref());
  const open = (id: number) =>
    navigate(paths.organizationCollaborators.getHref(id), { state: { ...LEAVE_FORM, [INVITE_FIRST]: true } });
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.home.getHref() }, { label: t('Новая организация') }]}
        title={t('Новая организация')}
      />
      <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={640}>
        <Stack gap="lg">
          {/* How many the plan allows, and the way to more before the limit stops the save (issue 16). */}
          <div>
            <OrganizationsUsage warnAtLimit />
          </div>
          <OrganizationForm mode="create" onSaved={open} onCancel={home} />
        </Stack>
      </Paper>
    </>
  );
}
