import { Alert, SimpleGrid, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuilding,
  IconCash,
  IconHistory,
  IconReceipt2,
  IconUsers,
} from '@tabler/icons-react';
import { CountCard } from '@/components/count-card';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AdminCountCard } from '@/features/admin/counts/components/admin-count-card';
import { RefundsCard } from '@/features/admin/refunds/components/refunds-card';
import { RevenueSection } from '@/features/admin/revenue/components/revenue-section';
import { usePaymentSettings } from '@/features/payments/api/get-payment-settings';
import { useText } from '@/lib/i18n';
import { adminScreenTexts } from './texts';

/** The counts of the admin home, each with the way to its list; the words are catalogue ids. */
const COUNT_CARDS = [
  {
    kind: 'users',
    Icon: IconUsers,
    title: 'Пользователи',
    href: paths.admin.users.getHref(),
    action: 'К пользователям',
  },
  {
    kind: 'organizations',
    Icon: IconBuilding,
    title: 'Организации',
    href: paths.admin.organizations.getHref(),
    action: 'К организациям',
  },
  {
    kind: 'plans',
    Icon: IconReceipt2,
    title: 'Тарифы',
    href: paths.admin.plans.getHref(),
    action: 'К тарифам',
  },
] as const;

/**
 * /admin/main (spec section 2): the users, organizations and plans counts, each with its list, the refund
 * cases (decision 0092), the way to the audit log ('Журнал', issue 14), and a warning while payments run in test mode (decision 0090).
 * Below them 'Выручка' (issue 15): the revenue dashboard and the way to every payment.
 */
export function AdminHomeRoute() {
  const t = useText(adminScreenTexts);
  const settings = usePaymentSettings();
  return (
    <>
      <PageHeader breadcrumbs={[{ label: t('Главная') }]} title={t('Администрирование')} />
      {settings.data?.mode === 'test' && (
        <Alert
          color="orange"
          variant="light"
          mb="xl"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('Тестовый режим платежей')}
          data-testid="payments-test-mode-alert"
        >
          {t(
            'Платежи работают в тестовом режиме: деньги не списываются. Чтобы принимать оплату, задайте на сервере YOOMONEY_RECEIVER (номер кошелька) и YOOMONEY_SECRET (секрет HTTP-уведомлений), укажите PAYMENTS_MODE=live и перезапустите сервер.',
          )}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="lg">
        {COUNT_CARDS.map(({ kind, Icon, title, href, action }) => (
          <AdminCountCard
            key={kind}
            kind={kind}
            icon={<Icon size={24} />}
            title={t(title)}
            href={href}
            action={t(action)}
          />
        ))}
        <RefundsCard href={paths.admin.refunds.getHref()} />
        <CountCard
          id="admin-audit-card"
          icon={<IconHistory size={24} />}
          title={t('Журнал')}
          note={
            <Text size="sm" c="dimmed">
              {t('кто и что сделал в кабинете')}
            </Text>
          }
          href={paths.admin.audit.getHref()}
          action={t('К журналу')}
        />
        <CountCard
          id="admin-payments-card"
          icon={<IconCash size={24} />}
          title={t('Платежи')}
          note={
            <Text size="sm" c="dimmed">
              {t('все заказы с фильтрами и выгрузкой в CSV')}
            </Text>
          }
          href={paths.admin.payments.getHref()}
          action={t('К платежам')}
        />
      </SimpleGrid>
      <RevenueSection
        paymentsHref={paths.admin.payments.getHref()}
        testMode={settings.data?.test_mode ?? false}
      />
    </>
  );
}
