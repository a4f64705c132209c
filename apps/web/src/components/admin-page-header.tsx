import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { PageHeader } from './page-header';

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
  return (
    <PageHeader
      breadcrumbs={[
        { label: 'Главная', href: paths.admin.home.getHref() },
        ADMIN_LISTS[list],
        { label: title },
      ]}
      title={title}
      description={description}
    />
  );
}
