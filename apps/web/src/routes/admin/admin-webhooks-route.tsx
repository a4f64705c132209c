import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { useText } from '@/lib/i18n';
import { adminScreenTexts } from './texts';

/** /admin/webhooks: install-wide webhook endpoints, which receive every event (issue 31). */
export function AdminWebhooksRoute() {
  const t = useText(adminScreenTexts);
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Вебхуки') }]}
        title={t('Вебхуки')}
        description={t(
          'Адреса, на которые уходят события всей установки: организации, участники, пользователи, платежи и тарифы.',
        )}
      />
      <WebhooksSection scope={{ organizationId: null }} />
    </>
  );
}
