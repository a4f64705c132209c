import { z } from 'zod';
import { currentLocale, markSchemasLoaded, text } from './text';

// Zod's own messages (type, bounds) follow the language; a value missing altogether gets the spec's
// required text, not "ожидалось string, получено undefined". Schemas with a message of their own keep it.
// This module comes with the schemas (common.ts imports it), never before them: the web's first screens
// show without zod (decision 0290's budgets), and with zod both of its languages come, a few kB.
const englishErrors = z.locales.en().localeError;
z.config(z.locales.ru());
z.config({
  customError: (issue) => {
    if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) {
      return text('Обязательное поле');
    }
    if (currentLocale() !== 'en') return undefined;
    const said = englishErrors(issue);
    return typeof said === 'string' ? said : undefined;
  },
});
markSchemasLoaded();
