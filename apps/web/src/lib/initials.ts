/**
 * The letters an avatar shows for a name: the first letter of each of its first two words, upper-cased.
 * Quotes, brackets, dashes and other marks are skipped («Студия «Северный ветер»» → 'СС'), so a picture
 * never shows '««'; digits count only when a name has no letters at all ('42' → '4'). Issue 16.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const pick = (pattern: RegExp) =>
    words
      .map((word) => pattern.exec(word)?.[0])
      .filter((first): first is string => Boolean(first))
      .slice(0, 2)
      .join('');
  return (pick(/\p{L}/u) || pick(/\p{N}/u).slice(0, 1)).toLocaleUpperCase('ru-RU');
}
