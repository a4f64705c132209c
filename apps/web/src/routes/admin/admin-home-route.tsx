import { Alert, SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconBuilding, IconReceipt2, IconUsers } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AdminCountCard } from '@/features/admin/counts/components/admin-count-card';
import { RefundsCard } from '@/features/admin/refunds/components/refunds-card';
import { usePaymentSettings } from '@/features/payments/api/get-payment-settings';

/**
 * /admin/main (spec section 2): the users, organizations and plans counts, each with its list, the refund
 * cases (decision 0092), and a warning while payments run in test mode (decision 0090).
 */
export function AdminHomeRoute() {
  const settings = usePaymentSettings();
  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'Главная' }]} title="Администрирование" />
      {settings.data?.mode === 'test' && (
        <Alert
          color="orange"
          variant="light"
          mb="xl"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title="Тестовый режим платежей"
          data-testid="payments-test-mode-alert"
        >
          Платежи работают в тестовом режиме: деньги не списываются. Чтобы принимать оплату, задайте на
          сервере YOOMONEY_RECEIVER (номер кошелька) и YOOMONEY_SECRET (секрет HTTP-уведомлений), укажите
          PAYMENTS_MODE=live и перезапустите сервер.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="lg">
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
        <RefundsCard href={paths.admin.refunds.getHref()} />
      </SimpleGrid>
    </>
  );
}
