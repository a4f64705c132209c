import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { useText } from '@/lib/i18n/catalogue';
import { PageHeader } from './page-header';
import { componentTexts } from './texts';

/** The admin lists a create or settings screen belongs to, as its breadcrumb names them (spec section 2). */
const ADMIN_LISTS = {
  users: { label: 'Список пользователей', href: paths.admin.users.getHref() },
  organizations: { label: 'Организации', href: paths.admin.organizations.getHref() },
  plans: { label: 'Тарифы', href: paths.admin.plans.getHref() },
} as const;

type AdminPageHeaderProps = {
  list: keyof typeof ADMIN_LISTS;
  title: string;
  description?: ReactNode;
};

/** The header of an admin create or settings screen: Главная › its list › the screen. */
export function AdminPageHeader({ list, title, description }: AdminPageHeaderProps) {
  const t = useText(componentTexts);
  return (
    <PageHeader
      breadcrumbs={[
        { label: t('Главная'), href: paths.admin.home.getHref() },
        { label: t(ADMIN_LISTS[list].label), href: ADMIN_LISTS[list].href },
        { label: title },
      ]}
      title={title}
      description={description}
    />
  );
}
