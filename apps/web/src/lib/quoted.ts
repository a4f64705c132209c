/**
 * A name inside «…»: quotes within it become „…“ ('«Студия „Север“»'), as Russian nests them (issue 34).
 */
export function quoted(name: string): string {
  return `«${name.replace(/«/g, '„').replace(/»/g, '“')}»`;
}
