import type { TestApp } from './build-test-app';
import type { TestUser } from './factories';

/** A multipart body as a browser's FormData makes it. */
export async function multipartForm(
  file: { data: Buffer | string; name: string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) {
    const blob = new Blob([file.data], { type: file.type ?? 'application/octet-stream' });
    data.append('file', blob, file.name);
  }
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') as string,
  };
}

/** POST /api/v1/files/{route} through app.inject. */
export async function injectUpload(
  t: TestApp,
  user: TestUser,
  route: 'upload-image' | 'upload',
  file: { data: Buffer | string; name: string; type?: string },
  fields: Record<string, string> = {},
) {
  const body = await multipartForm(file, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/files/${route}`,
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}
