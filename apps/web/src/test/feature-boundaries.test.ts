import { describe, expect, it } from 'vitest';

/**
 * Architecture convention 6: screens (routes/) compose features; no feature imports another, nor a
 * screen or the app shell. Shared pieces live in components/ and lib/, query keys in lib/query-keys.
 * The admin area's folders (features/admin/users, …) are features of their own. Tests may reach further.
 */

// Every source file under features/, as text, keyed by its path from src/ ('features/members/…').
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../features/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, ''), text]),
);

/** 'features/admin/users/…' → 'admin/users', 'features/members/…' → 'members', elsewhere null. */
function featureOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'features' || !parts[1]) return null;
  return parts[1] === 'admin' ? `admin/${parts[2] ?? ''}` : parts[1];
}

/** 'a/b/../c' → 'a/c'. */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The project files a source imports, as paths from src/ (packages are left out). */
function importsOf(file: string, text: string): string[] {
  const folder = file.split('/').slice(0, -1).join('/');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)]
    .map((match) => match[1] ?? '')
    .filter((specifier) => specifier.startsWith('@/') || specifier.startsWith('.'))
    .map((specifier) =>
      normalize(specifier.startsWith('@/') ? specifier.slice(2) : `${folder}/${specifier}`),
    );
}

/** Every import of the file that breaks the rule, as 'file -> target'. */
function violationsOf(file: string, text: string): string[] {
  const feature = featureOf(file);
  if (!feature) return [];
  return importsOf(file, text)
    .filter((target) => {
      const area = target.split('/')[0];
      const other = featureOf(target);
      return area === 'routes' || area === 'app' || (other !== null && other !== feature);
    })
    .map((target) => `${file} -> ${target}`);
}

describe('feature boundaries (architecture convention 6)', () => {
  it('finds a cross-feature import and an import of a screen or the app shell', () => {
    const file = 'features/admin/users/components/example.tsx';
    const text = [
      "import { useProfile } from '@/features/profile/api/get-profile';",
      "import { PlansTable } from '../../plans/components/plans-table';",
      "import { getAdminUser } from '../api/get-user';",
      "import { queryClient } from '@/app/query-client';",
      "const screen = import('@/routes/home-route');",
      "import { paths } from '@/config/paths';",
    ].join('\n');
    expect(violationsOf(file, text)).toEqual([
      'features/admin/users/components/example.tsx -> features/profile/api/get-profile',
      'features/admin/users/components/example.tsx -> features/admin/plans/components/plans-table',
      'features/admin/users/components/example.tsx -> app/query-client',
      'features/admin/users/components/example.tsx -> routes/home-route',
    ]);
  });

  it('no feature imports another feature, a screen or the app shell', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(20);
    expect(Object.entries(SOURCES).flatMap(([file, text]) => violationsOf(file, text))).toEqual([]);
  });
});
