import { defineCatalogue } from '@/lib/i18n';
import type english from './en.json';
import russian from './en.json?catalogue=ru';

/** The invitations' texts: the organization's list, home's panel and the invitation link's screen (issue 32): Russian as written, English in en.json beside this file. */
export const invitationTexts = defineCatalogue<keyof typeof english>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);

/** A text of this catalogue, for constants that hold one. */
export type InvitationText = keyof typeof english;
