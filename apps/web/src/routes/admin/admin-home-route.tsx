import { SimpleGrid } from '@mantine/core';
import { IconBuilding, IconReceipt2, IconUsers } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AdminCountCard } from '@/features/admin/counts/components/admin-count-card';

/** /admin/main (spec section 2): the users, organizations and plans counts, each with its list. */
export function AdminHomeRoute() {
  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'Главная' }]} title="Администрирование" />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
        <AdminCountCard
          kind="users"
          icon={<IconUsers size={24} />}
          title="Пользователи"
          href={paths.admin.users.getHref()}
          action="К пользователям"
        />
        <AdminCountCard
          kind="organizations"
          icon={<IconBuilding size={24} />}
          title="Организации"
          href={paths.admin.organizations.getHref()}
          action="К организациям"
        />
        <AdminCountCard
          kind="plans"
          icon={<IconReceipt2 size={24} />}
          title="Тарифы"
          href={paths.admin.plans.getHref()}
          action="К тарифам"
        />
      </SimpleGrid>
    </>
  );
}
