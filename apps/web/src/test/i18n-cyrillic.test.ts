import { describe, expect, it } from 'vitest';
import { type Catalogue, CONTRACTS_CATALOGUE, scanSource, untranslatedCyrillic } from './i18n-scan';

/**
 * Issue 32's lint, decision 0307: no Cyrillic in JSX text, JSX attributes, or string and template literals
 * of the web's sources, except the ids of the catalogues (in `t('…')`, or in constants of a file that uses
 * or belongs to that catalogue). Tests and comments may quote Russian as they like.
 */

/** Files whose Cyrillic is not UI text to translate, and why. */
const EXEMPT: Record<string, string> = {
  // The language choice's own words, the same in every language (decision 0301).
  'lib/i18n/language-names.ts': 'language names',
  // The plans the reference data seeds: names as the database has them, in every language.
  'features/plans/lib/seeded-plans.ts': "the seeded plans' names",
};

/**
 * Screens not converted yet (issue 32 is converted area by area, on several branches): each leaves this
 * list when its area has its catalogue. The list only shrinks; an entry with no Cyrillic left fails. Empty
 * since the last six (home and its panels, the plans' prices, the admin's new user): every screen speaks
 * through its catalogue.
 */
const NOT_YET_CONVERTED: readonly string[] = [];

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const ENGLISH = import.meta.glob<Record<string, string>>('../**/en.json', { import: 'default', eager: true });

const src = (key: string) => key.replace(/^\.\.\//, '');
const catalogues: Catalogue[] = Object.entries(ENGLISH).map(([key, english]) => ({
  dir: src(key).replace(/\/en\.json$/, ''),
  ids: new Set(Object.keys(english)),
}));
const findings = Object.entries(SOURCES)
  .map(([key, source]) => {
    const scanned = scanSource(src(key), source);
    return { path: scanned.path, found: untranslatedCyrillic(scanned, catalogues) };
  })
  .filter(({ path }) => !(path in EXEMPT));

describe('no Russian outside the catalogues (issue 32)', () => {
  it('finds Russian in JSX text, attributes and literals, not in comments, t() or says() ids or catalogue ids', () => {
    const scanned = scanSource(
      'features/x/components/y.tsx',
      [
        "import { says } from '@cabinet/contracts/i18n';",
        "import { xTexts } from '../texts';",
        '// Вход',
        "const ID = 'Готово';",
        'const t = useText(xTexts);',
        'const a = <Button aria-label="Закрыть">Войти {t(\'Отправить\')}</Button>;',
        'const b = `Код $' + '{n} с`;',
        "const c = richText(t, 'Письмо {email}', {});",
        "const d = z.string().min(1, says('Обязательное поле'));",
      ].join('\n'),
    );
    const found = untranslatedCyrillic(scanned, [{ dir: 'features/x', ids: new Set(['Готово']) }]);
    expect(found.map((f) => f.text)).toEqual(['Закрыть', 'Войти', 'Код ', ' с']);
    expect(scanned.calls.map((call) => [call.id, call.catalogue])).toEqual([
      ['Отправить', 'features/x'],
      ['Письмо {email}', 'features/x'],
      ['Обязательное поле', CONTRACTS_CATALOGUE],
    ]);
  });

  it('in every converted file', () => {
    const left = findings
      .filter(({ path, found }) => found.length > 0 && !NOT_YET_CONVERTED.includes(path))
      .flatMap(({ path, found }) => found.map((f) => `${path}:${f.line} ${f.text}`));
    expect(left).toEqual([]);
  });

  it('keeps the list of files not yet converted honest: each still has Russian to convert', () => {
    const known = new Set(findings.map(({ path }) => path));
    const stale = NOT_YET_CONVERTED.filter(
      (path) => !known.has(path) || findings.find((f) => f.path === path)?.found.length === 0,
    );
    expect(stale).toEqual([]);
  });
});
