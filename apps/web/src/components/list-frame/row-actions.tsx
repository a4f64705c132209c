import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

type RowActionsProps = {
  settingsHref: string;
  /** Accessible names, e.g. 'Настройки тарифа Про' and 'Удалить тариф Про'. */
  settingsLabel: string;
  deleteLabel: string;
  onDelete: () => void;
  deleting?: boolean;
};

/** 'Действия' of an admin list row (spec section 2): settings, and delete behind a confirmation. */
export function RowActions({
  settingsHref,
  settingsLabel,
  deleteLabel,
  onDelete,
  deleting,
}: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Настройки" withArrow>
        <ActionIcon
          component={Link}
          to={settingsHref}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={settingsLabel}
        >
          <IconSettings size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Удалить" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={deleteLabel}
          loading={deleting}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
