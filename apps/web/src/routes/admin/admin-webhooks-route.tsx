import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';

/** /admin/webhooks: install-wide webhook endpoints, which receive every event (issue 31). */
export function AdminWebhooksRoute() {
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Вебхуки' }]}
        title="Вебхуки"
        description="Адреса, на которые уходят события всей установки: организации, участники, пользователи, платежи и тарифы."
      />
      <WebhooksSection scope={{ organizationId: null }} />
    </>
  );
}
