import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Reads the sources of the API and the contracts with the TypeScript compiler (issue 32's catalogue test):
// the ids said through the catalogue calls, and every Cyrillic string literal said any other way.

/** The calls whose first argument is a catalogue id: the API's (tr, its markers, a mail's line) and the contracts'. */
export const CATALOGUE_CALLS = {
  tr: 'api',
  trId: 'api',
  line: 'api',
  text: 'contracts',
  says: 'contracts',
  textId: 'contracts',
} as const;
type Catalogue = (typeof CATALOGUE_CALLS)[keyof typeof CATALOGUE_CALLS];

export interface SourceScan {
  /** Ids said through each catalogue, with a place that says them. */
  used: Record<Catalogue, Map<string, string>>;
  /** Cyrillic literals outside those calls: 'file:line  text'. */
  loose: string[];
  /** Catalogue calls whose id is neither a literal nor a name holding one (so it cannot be checked). */
  dynamic: string[];
}

const CYRILLIC = /[\u0400-\u04FF]/;

/** The non-test TypeScript files under `root`, generated code left out. */
export function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .filter((file) => !file.split(path.sep).includes('generated'))
    .map((file) => path.join(root, file));
}

/** The OpenAPI document's words (endpoint summaries and descriptions) stay as they are (decision 0302). */
function isOpenApiText(node: ts.Node, file: string): boolean {
  if (!file.includes(`${path.sep}endpoints${path.sep}`)) return false;
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isPropertyAssignment(parent) && parent.initializer === at) {
      return ['summary', 'description'].includes(parent.name.getText());
    }
    if (!ts.isBinaryExpression(parent) && !ts.isParenthesizedExpression(parent)) return false;
  }
  return false;
}

/** The catalogue call whose id `node` is, if it is one. */
function catalogueOf(node: ts.Node): Catalogue | null {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node) return null;
  const name = ts.isIdentifier(call.expression) ? call.expression.text : '';
  return name in CATALOGUE_CALLS ? CATALOGUE_CALLS[name as keyof typeof CATALOGUE_CALLS] : null;
}

/** An id held by a name (a constant made with textId or trId, a table of them): checked where it is made. */
const namesAnId = (node: ts.Expression): boolean =>
  ts.isIdentifier(node) ||
  ts.isPropertyAccessExpression(node) ||
  ts.isElementAccessExpression(node) ||
  (ts.isConditionalExpression(node) && namesAnId(node.whenTrue) && namesAnId(node.whenFalse));

/** A literal's own text: a template's without what its placeholders say. */
function ownText(node: ts.Node): string | null {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('');
  }
  return null;
}

export function scanSources(files: string[], relativeTo: string): SourceScan {
  const scan: SourceScan = { used: { api: new Map(), contracts: new Map() }, loose: [], dynamic: [] };
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${path.relative(relativeTo, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text in CATALOGUE_CALLS
      ) {
        const first = node.arguments[0];
        if (first && !ts.isStringLiteralLike(first) && !namesAnId(first)) scan.dynamic.push(where(node));
      }
      const text = ownText(node);
      if (text !== null) {
        const catalogue = ts.isStringLiteralLike(node) ? catalogueOf(node) : null;
        if (catalogue) scan.used[catalogue].set(text, where(node));
        else if (CYRILLIC.test(text) && !isOpenApiText(node, file)) {
          scan.loose.push(`${where(node)}  ${node.getText().slice(0, 90)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return scan;
}
