import { crc32, deflateSync } from 'node:zlib';

// A real PNG for the persona's avatar (a gradient with some noise, so it compresses like a photo-ish
// avatar rather than to nothing). Uploaded through the API, which re-encodes and stores it.

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function avatarPng(side = 192): Buffer {
  let seed = 42;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return (seed >> 16) % 24;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(1 + side * 3);
    for (let x = 0; x < side; x++) {
      row[1 + x * 3] = Math.min(255, (x * 255) / side + noise());
      row[2 + x * 3] = Math.min(255, (y * 255) / side + noise());
      row[3 + x * 3] = Math.min(255, 128 + noise());
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads the avatar through POST /api/v1/files/upload-image and makes it the persona's (PUT profile). */
export async function uploadAvatar(baseUrl: string, token: string, userId: number): Promise<number> {
  const form = new FormData();
  form.append('group', 'avatar');
  form.append('file', new Blob([avatarPng()], { type: 'image/png' }), 'avatar.png');
  const upload = await fetch(`${baseUrl}/api/v1/files/upload-image`, {
    method: 'POST',
    headers: { 'x-session-id': token },
    body: form,
  });
  const body = (await upload.json()) as { data?: { id?: number } };
  const fileId = body.data?.id;
  if (!upload.ok || typeof fileId !== 'number') {
    throw new Error(`avatar upload answered ${upload.status}: ${JSON.stringify(body)}`);
  }
  const update = await fetch(`${baseUrl}/api/v1/rest/profile/update/${userId}`, {
    method: 'PUT',
    headers: { 'x-session-id': token, 'content-type': 'application/json' },
    body: JSON.stringify({ image_id: fileId }),
  });
  if (!update.ok) throw new Error(`profile update answered ${update.status}: ${await update.text()}`);
  return fileId;
}
