import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile/api/get-profile';
import { LanguageControl } from '@/features/profile/components/language-control';
import { PendingEmailPanel } from '@/features/profile/components/pending-email-panel';
import { ProfileForm, profileFormUserFromProfile } from '@/features/profile/components/profile-form';
import { profileTexts } from '@/features/profile/texts';
import { useText } from '@/lib/i18n/catalogue';
import { session } from '@/lib/session';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { OwnedOrganizationActions } from './owned-organization-actions';

/**
 * Profile settings (spec section 2): name, e-mail, avatar; save, cancel, delete account. The cabinet and
 * the admin area show the same screen; only the breadcrumb's way home differs. A new e-mail waits for the
 * code mailed to it (decision 0085), shown above the form.
 */
export function ProfileSettingsScreen({ homeHref }: { homeHref: string }) {
  const t = useText(profileTexts);
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Spec section 4, 'Delete account': log out and go to sign-in. The server has ended every session
  // of the account already, so there is nothing to revoke.
  const signOut = () => {
    session.clear();
    queryClient.clear();
    navigate(paths.signIn.getHref(), { replace: true, state: LEAVE_FORM });
  };

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: homeHref }, { label: t('Настройки профиля') }]}
        title={t('Настройки профиля')}
      />
      <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={640}>
        {profile.data ? (
          <>
            {profile.data.pending_email && (
              <PendingEmailPanel
                userId={profile.data.id}
                email={profile.data.email}
                pendingEmail={profile.data.pending_email}
              />
            )}
            <LanguageControl userId={profile.data.id} />
            <ProfileForm
              user={profileFormUserFromProfile(profile.data)}
              mode="self"
              onDeleted={signOut}
              organizationActions={(organization) => (
                <OwnedOrganizationActions
                  organization={organization}
                  settingsHref={paths.organizationCollaborators.getHref(organization.id, organization.name)}
                />
              )}
            />
          </>
        ) : (
          <Stack gap="md" aria-label={t('Загрузка')}>
            <Skeleton circle height={72} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        )}
      </Paper>
    </>
  );
}
