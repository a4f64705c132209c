import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import glossary from '../../../../docs/glossary.md?raw';

/**
 * docs/glossary.md, "Words of the interface" (issue 16): no text of the web's sources uses a forbidden
 * variant ('подписка' for a plan, 'команда' for an organization…) unless it is one of the spec's own texts
 * the glossary allows. The forbidden patterns and their exceptions are read from the glossary itself.
 */

type Rule = { pattern: RegExp; use: string; allowed: string[] };

/** The rows of the glossary's last table: `pattern` | use instead | 'allowed'; 'texts'. */
export function readRules(markdown: string): Rule[] {
  const table = markdown.slice(markdown.indexOf('| Forbidden (pattern)'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      // Cells are split on unescaped pipes; '\|' inside a pattern is a pipe of the pattern.
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|'));
      const [pattern = '', use = '', allowed = ''] = cells;
      return {
        pattern: new RegExp(pattern.replace(/^`|`$/g, ''), 'iu'),
        use,
        allowed: [...allowed.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? ''),
      };
    });
}

/** Every text a source shows or builds: string literals, template pieces and JSX text (not comments). */
export function textsOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      // Module specifiers are paths, not words.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) texts.push(node.text);
    } else if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) texts.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the glossary (docs/glossary.md)', () => {
  const rules = readRules(glossary);

  it('has its rules', () => {
    expect(rules.length).toBeGreaterThanOrEqual(6);
    expect(rules.find((rule) => rule.pattern.test('Оформление подписки'))?.allowed).toContain(
      'Купить подписку',
    );
  });

  it('finds forbidden words in literals and JSX text, not in comments or imports', () => {
    const texts = textsOf(
      'x.tsx',
      [
        "import a from './команда';",
        '// план',
        'const t = `Наш план $' + '{1} команды`;',
        'const e = <b>Укажите e-mail</b>;',
      ].join('\n'),
    );
    expect(texts).toEqual(['Наш план ', ' команды', 'Укажите e-mail']);
  });

  it("is followed by every text of the web's sources", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const [path, source] of Object.entries(SOURCES)) {
      for (const text of textsOf(path, source)) {
        for (const rule of rules) {
          if (rule.pattern.test(text) && !rule.allowed.includes(text)) {
            found.push(`${path.replace(/^\.\.\//, '')}: «${text}» — use '${rule.use}'`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
