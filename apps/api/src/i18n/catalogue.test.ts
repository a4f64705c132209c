import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@cabinet/contracts/i18n';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import contractsEnglish from '../../../../packages/contracts/src/i18n/en.json';
import { scanSources, sourceFiles } from '../../test/catalogue-scan';
import { englishAreas, readAreas, readContractsCatalogues } from './catalogue';

// Issue 32's check of the API's and the contracts' catalogues: every id said is in its en.json, every entry
// of an en.json is said somewhere, an English text names the same placeholders as its Russian id, and no
// Cyrillic literal is said outside the catalogue calls (tests and comments aside; decision 0302).

const root = path.resolve(__dirname, '../../../..');
const scan = scanSources(
  [
    ...sourceFiles(path.join(root, 'apps/api/src')),
    ...sourceFiles(path.join(root, 'packages/contracts/src')),
  ],
  root,
);
const apiEnglish: Record<string, string> = Object.assign({}, ...Object.values(englishAreas));

/**
 * Cyrillic said outside the catalogues on purpose: the OpenAPI document's words (it stays as it is), and the
 * sender's name of every mail, an operator's setting (MAIL_FROM) whose default is the product's name.
 */
const ALLOWED_LOOSE = [
  /^apps\/api\/src\/plugins\/openapi\.ts:/,
  /^apps\/api\/src\/env\.ts:\d+ {2}'Личный кабинет <no-reply@localhost>'$/,
];

/** The top-level argument names of an ICU message (Lingui's compiled form: [text, [name, …], …]). */
function placeholders(message: string): string[] {
  const compiled = compileMessage(message);
  const tokens = Array.isArray(compiled) ? compiled : [];
  const names = tokens.filter((token) => Array.isArray(token)).map((token) => String(token[0]));
  return [...new Set(names)].sort();
}

describe.each([
  ['apps/api/src/i18n/en/*.json', 'api' as const, apiEnglish],
  ['packages/contracts/src/i18n/en.json', 'contracts' as const, contractsEnglish as Record<string, string>],
])('%s', (_, catalogue, english) => {
  const used = scan.used[catalogue];

  it('holds every id the code says', () => {
    expect([...used].filter(([id]) => !(id in english)).map(([id, where]) => `${where}  ${id}`)).toEqual([]);
  });

  it('holds no entry the code never says', () => {
    expect(Object.keys(english).filter((id) => !used.has(id))).toEqual([]);
  });

  it('gives each text in English with the placeholders of its Russian id', () => {
    const differ = Object.entries(english).filter(
      ([id, text]) => placeholders(id).join() !== placeholders(text).join(),
    );
    expect(differ).toEqual([]);
  });
});

it('no text is in two catalogues: the API says the contracts’ texts with text()', () => {
  const seen = new Map<string, string>(Object.keys(contractsEnglish).map((id) => [id, 'contracts']));
  const twice: string[] = [];
  for (const [area, entries] of Object.entries(englishAreas)) {
    for (const id of Object.keys(entries)) {
      if (seen.has(id)) twice.push(`${id} (${seen.get(id)}, ${area})`);
      seen.set(id, area);
    }
  }
  expect(twice).toEqual([]);
});

it('says every id through a literal or a name made with textId or trId', () => {
  expect(scan.dynamic).toEqual([]);
});

it('leaves no Cyrillic literal outside the catalogue calls in apps/api/src and packages/contracts/src', () => {
  expect(scan.loose.filter((line) => !ALLOWED_LOOSE.some((allowed) => allowed.test(line)))).toEqual([]);
});

it('keeps every area catalogue a flat map of texts', () => {
  for (const entries of Object.values(englishAreas)) {
    for (const text of Object.values(entries)) expect(typeof text).toBe('string');
  }
  expect(readFileSync(path.join(root, 'packages/contracts/src/i18n/en.json'), 'utf8')).toMatch(/^\{\n/);
});

it('finds a folder for every language but Russian, with the areas and ids of English, and the contracts’ file', () => {
  // A language is a word in LOCALES and files: src/i18n/<locale>/ beside en/, and the contracts' <locale>.json.
  const contracts = readContractsCatalogues();
  for (const locale of LOCALES.filter((one) => one !== 'ru')) {
    const areas = readAreas(locale);
    expect(Object.keys(areas), locale).toEqual(Object.keys(englishAreas));
    for (const [area, entries] of Object.entries(englishAreas)) {
      expect(Object.keys(areas[area] ?? {}).sort(), `${locale}/${area}.json`).toEqual(
        Object.keys(entries).sort(),
      );
    }
    expect(Object.keys(contracts[locale] ?? {}).sort(), `contracts ${locale}.json`).toEqual(
      Object.keys(contractsEnglish).sort(),
    );
  }
  expect(Object.keys(englishAreas)).toContain('payment-notifications');
});
