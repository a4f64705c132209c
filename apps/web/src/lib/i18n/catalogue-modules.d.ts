// Catalogues compiled by vite-catalogues.ts: `import ru from './en.json?catalogue=ru'`.
declare module '*?catalogue=ru' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*?catalogue=en' {
  const messages: Record<string, unknown>;
  export default messages;
}
