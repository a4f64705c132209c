import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm, profileFormUserFromProfile } from '@/features/profile/components/profile-form';
import { session } from '@/lib/session';

/** /admin/settings/account (spec section 2): the admin's own profile, with the user's profile form. */
export function AdminProfileSettingsRoute() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // As in the cabinet: a deleted account has no sessions left, so the browser just forgets its own.
  const signOut = () => {
    session.clear();
    queryClient.clear();
    navigate(paths.signIn.getHref(), { replace: true });
  };

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Настройки профиля' }]}
        title="Настройки профиля"
      />
      <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={640}>
        {profile.data ? (
          <ProfileForm user={profileFormUserFromProfile(profile.data)} mode="self" onDeleted={signOut} />
        ) : (
          <Stack gap="md" aria-label="Загрузка">
            <Skeleton circle height={72} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        )}
      </Paper>
    </>
  );
}
