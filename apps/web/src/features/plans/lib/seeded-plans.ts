/**
 * The plans the reference data seeds (prisma/migrations/20261122043800_reference_data_and_search): their
 * names are data, not text to translate, the same in every language, as the cards show them from the API.
 */
export const SEEDED_PLAN_NAMES = { basic: 'Базовый', pro: 'Про', corp: 'Корп' } as const;
