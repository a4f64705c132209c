import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CLIENTS_LOAD_FAILED, useClients } from '@/features/admin/applications/api/clients';
import { ClientsTable } from '@/features/admin/applications/components/clients-table';
import { CreateClientDialog } from '@/features/admin/applications/components/create-client-dialog';
import { adminApplicationsTexts } from '@/features/admin/applications/texts';
import { useText } from '@/lib/i18n';

/**
 * /admin/applications: 'Приложения' (issue 29, decision 0220): the OAuth clients that may sign in by a
 * code (the device authorization grant); the seeded one is 'Настольное приложение' (client_id desktop).
 */
export function AdminApplicationsRoute() {
  const t = useText(adminApplicationsTexts);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useClients(page);
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Приложения') }]}
        title={t('Приложения')}
        description={t(
          'Приложения, которые входят в аккаунт по коду с экрана (программы в терминале, скрипты). Отключённое приложение не получает новых токенов, а выданные перестают работать.',
        )}
      />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('Зарегистрировать приложение')}
        </Button>
      </Group>
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        errorText={t(CLIENTS_LOAD_FAILED)}
        emptyNextStep={t('Зарегистрируйте первое приложение')}
      >
        <ClientsTable clients={list.data?.items ?? []} />
      </ListFrame>
      <CreateClientDialog opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
