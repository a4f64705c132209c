// Catalogues compiled by vite-catalogues.ts: `import ru from './en.json?catalogue=ru'`, and each language's
// own through import.meta.glob with `?catalogue=translation` (lib/i18n/catalogue.ts).
declare module '*?catalogue=ru' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*?catalogue=translation' {
  const messages: Record<string, unknown>;
  export default messages;
}
