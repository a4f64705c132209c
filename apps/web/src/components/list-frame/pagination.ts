// Mantine's Pagination on its own, for list-pagination.tsx to load on demand: most lists fit on one page,
// and home's first load then carries no pager (decision 0293).
export { Pagination } from '@mantine/core';
