import { Button, Text } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { paths } from '@/config/paths';
import { useRemoveMember } from '@/features/members/api/remove-member';
import { organizationTexts } from '@/features/organizations/texts';
import { useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';

type LeaveOrganizationButtonProps = {
  organization: { id: number; name: string };
  userId: number;
};

/**
 * 'Покинуть организацию' of a member and of an organization admin: confirmation, then delete-member with
 * one's own id, then home.
 */
export function LeaveOrganizationButton({ organization, userId }: LeaveOrganizationButtonProps) {
  const t = useText(organizationTexts);
  const navigate = useNavigate();
  const leave = useRemoveMember({ failureToast: t('Не удалось покинуть организацию') });
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconDoorExit size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        loading={leave.isPending}
      >
        {t('Покинуть организацию')}
      </Button>
      <ConfirmDeleteDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('Покинуть организацию?')}
        confirmLabel={t('Покинуть')}
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(
            { organizationId: organization.id, userId },
            { onSuccess: () => navigate(paths.home.getHref()), onSettled: () => setOpened(false) },
          )
        }
      >
        <Text size="sm">
          {t('Вы потеряете доступ к {organization}. Вернуться можно только по новому приглашению.', {
            organization: quoted(organization.name),
          })}
        </Text>
      </ConfirmDeleteDialog>
    </>
  );
}
