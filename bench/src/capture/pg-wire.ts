// Reads the statements a client sends to PostgreSQL from its side of the wire protocol (v3): simple
// queries ('Q') and extended ones (Parse 'P' with the SQL, Bind 'B' with the parameter values, Execute
// 'E'). Used to capture the product's SQL without touching its code or the server's configuration.

export interface Statement {
  sql: string;
  /** Text parameters as strings, binary ones as Buffers, NULL as null. */
  params: (string | Buffer | null)[];
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export class ClientStreamParser {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private readonly prepared = new Map<string, string>();
  private readonly portals = new Map<string, Statement>();

  constructor(private readonly onStatement: (statement: Statement) => void) {}

  push(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.started) {
        // Untyped start-up packets: length, then a code (SSL/GSS requests come before the real one).
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        this.buffer = this.buffer.subarray(length);
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) this.started = true;
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < length + 1) return;
      const type = String.fromCharCode(this.buffer[0] ?? 0);
      this.message(type, this.buffer.subarray(5, length + 1));
      this.buffer = this.buffer.subarray(length + 1);
    }
  }

  private message(type: string, body: Buffer) {
    const reader = new Reader(body);
    if (type === 'Q') {
      this.onStatement({ sql: reader.cstring(), params: [] });
    } else if (type === 'P') {
      const name = reader.cstring();
      this.prepared.set(name, reader.cstring());
    } else if (type === 'B') {
      const portal = reader.cstring();
      const sql = this.prepared.get(reader.cstring()) ?? '';
      const formats = Array.from({ length: reader.int16() }, () => reader.int16());
      const params = Array.from({ length: reader.int16() }, (_, i) => {
        const size = reader.int32();
        if (size < 0) return null;
        const bytes = reader.bytes(size);
        const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
        return binary ? Buffer.from(bytes) : bytes.toString('utf8');
      });
      this.portals.set(portal, { sql, params });
    } else if (type === 'E') {
      const statement = this.portals.get(reader.cstring());
      if (statement) this.onStatement(statement);
    }
  }
}

class Reader {
  private offset = 0;
  constructor(private readonly body: Buffer) {}
  cstring(): string {
    const end = this.body.indexOf(0, this.offset);
    const value = this.body.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return value;
  }
  int16(): number {
    const value = this.body.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  int32(): number {
    const value = this.body.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  bytes(n: number): Buffer {
    const value = this.body.subarray(this.offset, this.offset + n);
    this.offset += n;
    return value;
  }
}
