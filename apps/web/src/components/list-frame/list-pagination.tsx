import { Group, Pagination, type PaginationProps } from '@mantine/core';

type ListPaginationProps = {
  /** The answer's meta.pages: nothing shows for a single page. */
  pages: number;
  page: number;
  onChange: (page: number) => void;
  size?: PaginationProps['size'];
};

/** The pages of a list (spec section 3's list meta), named for screen readers. */
export function ListPagination({ pages, page, onChange, size }: ListPaginationProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size={size}
        siblings={1}
        boundaries={1}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': 'Предыдущая страница' }
            : control === 'next'
              ? { 'aria-label': 'Следующая страница' }
              : {}
        }
        getItemProps={(item) => ({ 'aria-label': `Страница ${item}` })}
      />
    </Group>
  );
}
