import { LOCALES } from '@cabinet/contracts/i18n';
import contractsEnglish from '@cabinet/contracts/i18n/en.json';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import {
  type Catalogue,
  CONTRACTS_CATALOGUE,
  ownCatalogue,
  placeholdersOf,
  type ScannedFile,
  scanSource,
} from './i18n-scan';

/**
 * Issue 32, decision 0307: every text a `t(…)` names is in its catalogue, every catalogue entry is used by
 * the code of its area, and every English text is a valid ICU message with the Russian id's placeholders.
 * (The typed handles already refuse an unknown id at compile time; this also covers ids in constants.)
 */

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Texts the contracts hold (role names, shared errors) that screens translate through their own catalogue.
const CONTRACTS = Object.values(
  import.meta.glob<string>(['../../../../packages/contracts/src/**/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).join('\n');
const ENGLISH = import.meta.glob<Record<string, string>>('../**/en.json', { import: 'default', eager: true });
// Every language's files (en.json, and a third language's de.json beside it), with the contracts' own.
const TRANSLATIONS = import.meta.glob<Record<string, string>>(
  ['../**/??.json', '../../../../packages/contracts/src/i18n/??.json'],
  { import: 'default', eager: true },
);

const src = (key: string) => key.replace(/^\.\.\//, '');
const files: ScannedFile[] = Object.entries(SOURCES).map(([key, source]) => scanSource(src(key), source));
const catalogues: Array<Catalogue & { english: Record<string, string> }> = Object.entries(ENGLISH).map(
  ([key, english]) => ({
    dir: src(key).replace(/\/en\.json$/, ''),
    ids: new Set(Object.keys(english)),
    english,
  }),
);
const dirs = catalogues.map((catalogue) => catalogue.dir);

describe('the catalogues (issue 32)', () => {
  it('are found, with the areas the checks expect', () => {
    expect(dirs).toEqual(expect.arrayContaining(['app', 'components', 'lib', 'features/auth']));
    expect(files.length).toBeGreaterThan(100);
  });

  it('exist for every language but Russian in every area, with the same ids as English', () => {
    // A language is a word in LOCALES and a <locale>.json beside each en.json: texts.ts finds the files.
    const problems = Object.entries(TRANSLATIONS)
      .filter(([path]) => path.endsWith('/en.json'))
      .flatMap(([path, english]) =>
        LOCALES.filter((locale) => locale !== 'ru').flatMap((locale) => {
          const file = path.replace(/en\.json$/, `${locale}.json`);
          const translated = TRANSLATIONS[file];
          if (!translated) return [`${file}: missing`];
          const ids = Object.keys(english).filter((id) => !(id in translated));
          const extra = Object.keys(translated).filter((id) => !(id in english));
          return [
            ...ids.map((id) => `${file}: no '${id}'`),
            ...extra.map((id) => `${file}: unknown '${id}'`),
          ];
        }),
      );
    expect(problems).toEqual([]);
    expect(Object.keys(TRANSLATIONS).length).toBeGreaterThan(30);
  });

  it('have every id a t(…) names', () => {
    // The contracts' catalogue answers for `says('…')`; its own tests check its entries.
    const named = [...catalogues, { dir: CONTRACTS_CATALOGUE, ids: new Set(Object.keys(contractsEnglish)) }];
    const missing = files.flatMap((file) =>
      file.calls
        .filter((call) => !named.find((c) => c.dir === call.catalogue)?.ids.has(call.id))
        .map((call) => `${file.path}:${call.line} ${call.catalogue ?? '(no catalogue)'}: ${call.id}`),
    );
    expect(missing).toEqual([]);
  });

  it('have no entry the code of their area never uses', () => {
    const unused = catalogues.flatMap((catalogue) => {
      const users = files.filter(
        (file) => file.catalogues.includes(catalogue.dir) || ownCatalogue(file.path, dirs) === catalogue.dir,
      );
      const used = new Set(users.flatMap((file) => file.texts.map((found) => found.text)));
      // An id held in a constant elsewhere (another area's, or the contracts') and translated here by value.
      const anywhere = new Set(files.flatMap((file) => file.texts.map((found) => found.text)));
      const heldElsewhere = (id: string) => anywhere.has(id) || CONTRACTS.includes(`'${id}'`);
      return [...catalogue.ids]
        .filter((id) => !used.has(id) && !heldElsewhere(id))
        .map((id) => `${catalogue.dir}/en.json: ${id}`);
    });
    expect(unused).toEqual([]);
  });

  it('say every text in English, with the same placeholders, as messages that compile', () => {
    const wrong = catalogues.flatMap(({ dir, english }) =>
      Object.entries(english).flatMap(([id, text]) => {
        const problems: string[] = [];
        if (typeof text !== 'string' || !text.trim()) problems.push('no English');
        else {
          const expected = placeholdersOf(id).join(',');
          const found = placeholdersOf(text).join(',');
          if (expected !== found) problems.push(`placeholders {${found}}, the id has {${expected}}`);
          for (const message of [id, text]) {
            try {
              compileMessage(message);
            } catch (error) {
              problems.push(`does not compile: ${String(error)}`);
            }
          }
        }
        return problems.map((problem) => `${dir}/en.json: ${id}: ${problem}`);
      }),
    );
    expect(wrong).toEqual([]);
  });
});
