import { z } from 'zod';
import { LOCALES } from './locales';

/** A language of the cabinet in a request or an answer: 'ru' or 'en'. */
export const LocaleSchema = z.enum(LOCALES);
