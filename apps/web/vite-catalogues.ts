import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { messageKey } from '../../packages/contracts/src/i18n/message-key';

/**
 * Message catalogues compiled at build time (issue 32, decision 0300). A catalogue is a `<locale>.json` beside
 * the code that uses it (`en.json` today): Russian text (the id) → that language, in ICU MessageFormat.
 * Importing it with `?catalogue=translation` gives its language's messages compiled (the area's texts.ts
 * finds every such file with import.meta.glob, so a new language is a new file); `?catalogue=ru` gives the
 * compiled Russian ids that have placeholders or plurals (the rest are shown as written). So a screen
 * downloads only its own language, and the ICU parser (7 KB) never reaches the browser.
 */
const QUERY = /\?catalogue=(ru|translation)$/;
const VIRTUAL = '\0catalogue:';

export function catalogues(): Plugin {
  return {
    name: 'cabinet-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = QUERY.exec(source);
      if (!match) return null;
      const file = await this.resolve(source.replace(QUERY, ''), importer, { skipSelf: true });
      if (!file) return null;
      // Not ending in .json, so Vite's JSON plugin leaves the compiled module alone.
      return `${VIRTUAL}${match[1]}:${file.id}.js`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const [, mode, path] = /^\0catalogue:(ru|translation):(.*)\.js$/.exec(id) ?? [];
      if (!path) return null;
      this.addWatchFile(path);
      const source = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      const ids = new Map<string, string>();
      for (const [russian, translated] of Object.entries(source)) {
        // Keyed by a short hash of the Russian id, which the code says (decision 0311).
        const key = messageKey(russian);
        const taken = ids.get(key);
        if (taken) this.error(`${path}: '${taken}' and '${russian}' share the key ${key}; reword one`);
        ids.set(key, russian);
        if (mode === 'translation') compiled[key] = compileMessage(translated);
        else if (russian.includes('{')) compiled[key] = compileMessage(russian);
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
