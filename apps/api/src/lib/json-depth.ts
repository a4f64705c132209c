/** JSON nested deeper than this is refused before it is parsed (decision 0192). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Follows the nesting of a JSON text as its bytes arrive, chunk by chunk, without parsing it: brackets
 * outside strings, strings with their escapes. UTF-8 never uses bytes below 0x80 inside a multi-byte
 * character, so the structural bytes can be read from the raw chunks. `feed` answers false as soon as the
 * nesting passes the limit, so the rest of the body need not even be read. It does not check that the text
 * is JSON: JSON.parse does that afterwards, on a body that passed.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth = MAX_JSON_DEPTH) {}

  /** False once the nesting went deeper than the limit. */
  feed(chunk: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    const max = this.maxDepth;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > max) {
          this.depth = depth;
          return false;
        }
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        depth--;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}
