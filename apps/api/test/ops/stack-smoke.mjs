// Smoke test of a running compose stack (GitHub CI, after `docker compose up`): the cabinet answers, a
// sign-in code arrives in Mailpit, a file goes into MinIO through the API and comes back.
// node apps/api/test/ops/stack-smoke.mjs [api=http://localhost:3000] [mailpit=http://localhost:8025]
const api = process.argv[2] ?? 'http://localhost:3000';
const mailpit = process.argv[3] ?? 'http://localhost:8025';
const email = `smoke.${Date.now()}@example.com`;

async function call(path, init = {}) {
  const res = await fetch(`${api}${path}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}
const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

await call('/api/ready');
if (!(await (await call('/app/')).text()).includes('id="root"')) throw new Error('/app/ is not the cabinet');

await call('/api/v1/auth/login', json({ email }));
let code;
for (let i = 0; i < 30 && !code; i++) {
  const { messages = [] } = await (await fetch(`${mailpit}/api/v1/messages`)).json();
  const mail = messages.find((m) => m.To?.some((to) => to.Address === email));
  code = /\b(\d{6})\b/.exec(mail?.Subject ?? '')?.[1];
  if (!code) await new Promise((r) => setTimeout(r, 1000));
}
if (!code) throw new Error(`no sign-in mail to ${email} in Mailpit`);
const token = (await (await call('/api/v1/auth/login', json({ email, code }))).json()).data.access_token;
const auth = { authorization: `Bearer ${token}` };

const bytes = new TextEncoder().encode(`smoke ${Date.now()}`);
const form = new FormData();
form.append('file', new Blob([bytes], { type: 'text/plain' }), 'smoke.txt');
const file = (
  await (await call('/api/v1/files/upload', { method: 'POST', headers: auth, body: form })).json()
).data;
if (file.disk !== 's3') throw new Error(`stored on ${file.disk}, not s3`);
const back = new Uint8Array(await (await call(file.relative_url, { headers: auth })).arrayBuffer());
if (Buffer.compare(Buffer.from(back), Buffer.from(bytes)) !== 0) throw new Error('downloaded bytes differ');
console.log('stack-smoke: cabinet, sign-in through Mailpit, upload to and download from MinIO: passed');
