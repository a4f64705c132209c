import { AdminPageHeader } from '@/components/admin-page-header';
import { paths } from '@/config/paths';
import { UserCreateForm } from '@/features/admin/users/components/user-create-form';
import { adminUsersTexts } from '@/features/admin/users/texts';
import { useText } from '@/lib/i18n';
import { useGoBack } from '@/lib/use-go-back';

/** /admin/users/new (spec sections 2 and 4): invite a new user; afterwards go back. */
export function AdminUserCreateRoute() {
  const t = useText(adminUsersTexts);
  const goBack = useGoBack(paths.admin.users.getHref());
  return (
    <>
      <AdminPageHeader
        list="users"
        title={t('Создание пользователя')}
        description={t('Пользователь получит письмо с кодом для входа в систему.')}
      />
      <UserCreateForm onDone={goBack} onCancel={goBack} />
    </>
  );
}
