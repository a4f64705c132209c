/**
 * Query keys of the admin plans screens. They sit under `plans`, the prefix of the user side's plan
 * queries (features/plans/api), so a change made here refreshes the cabinet's plan lists too.
 */
export const PLANS_QUERY_KEY = ['plans'] as const;

export const adminPlanKeys = {
  all: [...PLANS_QUERY_KEY, 'admin'] as const,
  list: (query: { search: string; page: number }) => [...adminPlanKeys.all, 'list', query] as const,
  detail: (id: number) => [...adminPlanKeys.all, 'detail', id] as const,
};
