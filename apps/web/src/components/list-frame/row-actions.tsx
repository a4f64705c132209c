import { Group } from '@mantine/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from '../texts';
import { TooltipAction } from '../tooltip-action';

type RowActionsProps = {
  settingsHref: string;
  /** Accessible names, e.g. 'Настройки тарифа Про' and 'Удалить тариф Про'. */
  settingsLabel: string;
  deleteLabel: string;
  onDelete: () => void;
};

/** 'Действия' of an admin list row (spec section 2): settings, and delete behind a confirmation. */
export function RowActions({ settingsHref, settingsLabel, deleteLabel, onDelete }: RowActionsProps) {
  const t = useText(componentTexts);
  const look = { variant: 'subtle', size: 'lg' } as const;
  return (
    <Group gap={4} wrap="nowrap">
      <TooltipAction
        tooltip={t('Настройки')}
        label={settingsLabel}
        icon={<IconSettings size={18} />}
        to={settingsHref}
        color="gray"
        {...look}
      />
      <TooltipAction
        tooltip={t('Удалить')}
        label={deleteLabel}
        icon={<IconTrash size={18} />}
        onClick={onDelete}
        color="red"
        {...look}
      />
    </Group>
  );
}
