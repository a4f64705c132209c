import { crc32, deflateSync } from 'node:zlib';

// The PNGs the benches upload (the persona's avatar, the uploads bench's images), encoded by hand: an 8-bit
// RGB image from its rows, each row a filter byte (0: none) and then side × 3 bytes.

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A side × side 8-bit RGB PNG of `rows`; `level` is zlib's (the default when unset). */
export function rgbPng(side: number, rows: Buffer, level?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, level === undefined ? {} : { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
