import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type TooltipActionProps = Pick<ActionIconProps, 'variant' | 'color' | 'size' | 'loading' | 'disabled'> & {
  /** The hint on hover ('Удалить'). */
  tooltip: string;
  /** The accessible name, which says what it acts on ('Удалить тариф Про'). */
  label: string;
  icon: ReactNode;
  /** A link to this screen instead of a button. */
  to?: string;
  onClick?: () => void;
};

/** An icon button of a row with its hint: settings, delete, accept, make owner. */
export function TooltipAction({ tooltip, label, icon, to, onClick, ...action }: TooltipActionProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      {to ? (
        <ActionIcon component={Link} to={to} aria-label={label} {...action}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon aria-label={label} onClick={onClick} {...action}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
