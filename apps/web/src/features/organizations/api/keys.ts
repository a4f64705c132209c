/**
 * Query keys of the organizations area. Every key starts with `organizations`, so a change to any
 * organization or member invalidates them all at once.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (query: { search: string; page: number }) => [...organizationKeys.lists(), query] as const,
  detail: (id: number) => [...organizationKeys.all, 'detail', id] as const,
  types: () => [...organizationKeys.all, 'types'] as const,
  pending: () => [...organizationKeys.all, 'pending-users'] as const,
};
