import { rgbPng } from '../png';

// A real PNG for the persona's avatar (a gradient with some noise, so it compresses like a photo-ish
// avatar rather than to nothing). Uploaded through the API, which re-encodes and stores it.

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
  return rgbPng(side, Buffer.concat(rows));
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
