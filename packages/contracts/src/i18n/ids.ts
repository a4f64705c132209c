import type englishCatalogue from './en.json';

// The contracts' ids without zod or Lingui: the sign-in screen's constants (auth-constants.ts, decision
// 0111) mark their texts here and stay out of the first load's zod.

/** The texts the contracts say (validation, shared errors): the keys of their English catalogue. */
export type ContractsText = keyof typeof englishCatalogue;

/**
 * A contracts text kept for later: a constant the API throws and the cabinet shows, a label. The id itself
 * (so code reading it as a string still reads the Russian text), checked against the catalogue; say it in
 * the current language with text() where it is used.
 */
export const textId = <Id extends ContractsText>(id: Id): Id => id;
