import { Group, type PaginationProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from '../texts';

// Mantine's pager loads when a list has a second page: most fit on one (./pagination.ts, decision 0293).
const Pagination = lazy(() => import('./pagination').then((m) => ({ default: m.Pagination })));

type ListPaginationProps = {
  /** The answer's meta.pages: nothing shows for a single page. */
  pages: number;
  page: number;
  onChange: (page: number) => void;
  size?: PaginationProps['size'];
};

/** The pages of a list (spec section 3's list meta), named for screen readers. */
export function ListPagination(props: ListPaginationProps) {
  if (props.pages <= 1) return null;
  return (
    <Suspense fallback={null}>
      <Pages {...props} />
    </Suspense>
  );
}

function Pages({ pages, page, onChange, size }: ListPaginationProps) {
  const t = useText(componentTexts);
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
            ? { 'aria-label': t('Предыдущая страница') }
            : control === 'next'
              ? { 'aria-label': t('Следующая страница') }
              : {}
        }
        getItemProps={(item) => ({ 'aria-label': t('Страница {page}', { page: item }) })}
      />
    </Group>
  );
}
