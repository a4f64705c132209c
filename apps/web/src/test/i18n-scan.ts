import ts from 'typescript';

/*
 * What the language checks read in the web's sources (issue 32, decision 0307), with the TypeScript
 * compiler's parser: which catalogues a file uses, the ids its `t(…)` calls name, and every text it shows
 * or builds. Paths are relative to src/ ('features/auth/components/code-step.tsx').
 */

export const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * The contracts' catalogue (packages/contracts/src/i18n/en.json): `says('…')` and `text('…')` imported from
 * '@cabinet/contracts/i18n' name its ids (typed `ContractsText`), as a schema of the web's own says them.
 */
export const CONTRACTS_CATALOGUE = '@cabinet/contracts/i18n';
const CONTRACTS_SAYERS = ['says', 'text'];

/** A catalogue: its folder ('features/auth') and its Russian ids. */
export type Catalogue = { dir: string; ids: ReadonlySet<string> };

/** A text the file holds: where, what, and whether it is the id of a `t(…)` call. */
export type FoundText = { line: number; text: string; kind: 'jsx' | 'literal'; translated: boolean };

export type ScannedFile = {
  path: string;
  /** Folders of the catalogues the file imports ('./texts', '@/features/auth/texts', `type AppText`). */
  catalogues: string[];
  /**
   * Ids named by `t('…')`, `textNow(x)('…')`, `richText(t, '…')` or the contracts' `says('…')`, with the
   * catalogue each belongs to (`CONTRACTS_CATALOGUE` for the contracts' own).
   */
  calls: Array<{ id: string; catalogue: string | null; line: number }>;
  texts: FoundText[];
};

const dirOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** 'features/auth/components' + '../texts' → 'features/auth/texts'; '@/lib/texts' → 'lib/texts'. */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  const parts = dirOf(fromFile).split('/').filter(Boolean);
  for (const piece of specifier.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/** The folder whose en.json a module specifier names through its texts.ts, or null. */
function catalogueOf(fromFile: string, specifier: string): string | null {
  const resolved = resolveSpecifier(fromFile, specifier);
  return resolved?.endsWith('/texts') ? resolved.slice(0, -'/texts'.length) : null;
}

export function scanSource(path: string, source: string): ScannedFile {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const line = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const handles = new Map<string, string>(); // imported catalogue handle → its folder
  const catalogues: string[] = [];
  const contractsSayers = new Set<string>(); // local names of the contracts' `says` and `text`
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const named = statement.importClause?.namedBindings;
    if (statement.moduleSpecifier.text === CONTRACTS_CATALOGUE && named && ts.isNamedImports(named)) {
      for (const element of named.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (!element.isTypeOnly && CONTRACTS_SAYERS.includes(imported))
          contractsSayers.add(element.name.text);
      }
    }
    const dir = catalogueOf(path, statement.moduleSpecifier.text);
    if (!dir) continue;
    catalogues.push(dir);
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) handles.set(element.name.text, dir);
    }
  }

  // `const t = useText(authTexts)` / `textNow(authTexts)`: which catalogue each translator reads.
  const translators = new Map<string, string | null>();
  const catalogueOfCall = (node: ts.Expression): string | null | undefined => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
    if (!['useText', 'textNow'].includes(node.expression.text)) return undefined;
    const [handle] = node.arguments;
    return handle && ts.isIdentifier(handle) ? (handles.get(handle.text) ?? null) : null;
  };
  const findTranslators = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const dir = catalogueOfCall(node.initializer);
      if (dir !== undefined) translators.set(node.name.text, dir);
    }
    ts.forEachChild(node, findTranslators);
  };
  findTranslators(file);

  const calls: ScannedFile['calls'] = [];
  const ids = new Set<ts.Node>();
  const texts: FoundText[] = [];
  const literal = (node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      let catalogue: string | null | undefined;
      let id: ts.Node | undefined = node.arguments[0];
      if (ts.isIdentifier(callee) && translators.has(callee.text)) catalogue = translators.get(callee.text);
      else if (ts.isIdentifier(callee) && contractsSayers.has(callee.text)) catalogue = CONTRACTS_CATALOGUE;
      else if (ts.isCallExpression(callee)) catalogue = catalogueOfCall(callee);
      else if (ts.isIdentifier(callee) && callee.text === 'richText') {
        const [translator] = node.arguments;
        id = node.arguments[1];
        if (translator && ts.isIdentifier(translator)) catalogue = translators.get(translator.text);
      }
      if (catalogue !== undefined && literal(id)) {
        calls.push({ id: id.text, catalogue, line: line(id) });
        ids.add(id);
      }
    }
    if (literal(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const parent = node.parent;
      // Module specifiers are paths, not words.
      if (!ts.isImportDeclaration(parent) && !ts.isExportDeclaration(parent)) {
        texts.push({ line: line(node), text: node.text, kind: 'literal', translated: ids.has(node) });
      }
    } else if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) texts.push({ line: line(node), text, kind: 'jsx', translated: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { path, catalogues, calls, texts };
}

/** The catalogue of the folder a file belongs to: the nearest folder above it with an en.json. */
export function ownCatalogue(path: string, catalogueDirs: readonly string[]): string | null {
  let dir = dirOf(path);
  while (dir) {
    if (catalogueDirs.includes(dir)) return dir;
    dir = dirOf(dir);
  }
  return null;
}

/**
 * Cyrillic a file shows outside the catalogues: JSX text, or a literal that is neither a `t(…)` id nor an
 * id of a catalogue the file imports or belongs to (constants that hold ids are shown through t()).
 */
export function untranslatedCyrillic(scanned: ScannedFile, catalogues: readonly Catalogue[]): FoundText[] {
  const mine = new Set([
    ...scanned.catalogues,
    ownCatalogue(
      scanned.path,
      catalogues.map((c) => c.dir),
    ),
  ]);
  const known = catalogues.filter((c) => mine.has(c.dir));
  return scanned.texts.filter(
    (found) =>
      CYRILLIC.test(found.text) &&
      !found.translated &&
      !(found.kind === 'literal' && known.some((c) => c.ids.has(found.text))),
  );
}

/** The argument names of an ICU message: '{count, plural, one {# x}}' → count; '{name}' → name. */
export function placeholdersOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((match) => match[1] ?? ''))].sort();
}
