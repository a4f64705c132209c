import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from '../texts';
import classes from './table.module.css';

/** A column's header; an object hides the column below a width (its text moves under the name). */
export type ListColumn = string | { label: string; visibleFrom: 'xs' | 'sm' };

type ListTableProps = Omit<TableProps, 'children'> & {
  columns: readonly ListColumn[];
  /** A last, narrow 'Действия' column. */
  actions?: boolean;
  /** From 576 px up only, scrolling sideways below this width (a list of cards shows on phones). */
  scrollMinWidth?: number;
  /** Shown in a row of its own when the list is empty, failed, or loads (list-states.tsx). */
  empty?: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/** The table of a list: its header row from the columns, then the rows (admin lists, members, payments). */
export function ListTable({
  columns,
  actions,
  scrollMinWidth,
  empty,
  children,
  ...tableProps
}: ListTableProps) {
  const t = useText(componentTexts);
  const table = (
    <Table verticalSpacing="sm" horizontalSpacing="md" {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <Table.Th key={column}>{column}</Table.Th>
            ) : (
              <Table.Th key={column.label} visibleFrom={column.visibleFrom}>
                {column.label}
              </Table.Th>
            ),
          )}
          {actions && <Table.Th className={classes.actions}>{t('Действия')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {empty && (
          <Table.Tr>
            <Table.Td colSpan={columns.length + (actions ? 1 : 0)}>{empty}</Table.Td>
          </Table.Tr>
        )}
        {children}
      </Table.Tbody>
    </Table>
  );
  if (scrollMinWidth === undefined) return table;
  return (
    <Table.ScrollContainer minWidth={scrollMinWidth} visibleFrom="xs">
      {table}
    </Table.ScrollContainer>
  );
}
