import { isDeepStrictEqual } from 'node:util';

// Before measuring, each call is sent once to the product and once to the twin: the twin must answer
// the same status and the same data (JSON compared as values, key order aside), else its numbers would
// compare different work. The first difference is reported in the table.

export interface Comparison {
  productStatus: number;
  twinStatus: number;
  productBytes: number;
  twinBytes: number;
  /** null when equal, else where they first differ. */
  difference: string | null;
}

async function fetchBody(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The path of the first difference between two JSON values, or null. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} items vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    const missing = ka.filter((k) => !kb.includes(k));
    const extra = kb.filter((k) => !ka.includes(k));
    if (missing.length || extra.length) return `${at}: keys ${missing.join(',')} vs ${extra.join(',')}`;
    for (const k of ka) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${at}.${k}`,
      );
      if (d) return d;
    }
    return null;
  }
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 60);
  return `${at}: ${show(a)} vs ${show(b)}`;
}

export async function compareAnswers(
  productUrl: string,
  twinUrl: string,
  headers: Record<string, string>,
): Promise<Comparison> {
  const [product, twin] = await Promise.all([fetchBody(productUrl, headers), fetchBody(twinUrl, headers)]);
  let difference: string | null = null;
  if (product.status !== twin.status) difference = `status ${product.status} vs ${twin.status}`;
  else if (product.type.includes('json')) {
    difference = firstDifference(JSON.parse(product.body.toString()), JSON.parse(twin.body.toString()));
  } else if (!product.body.equals(twin.body)) difference = 'bytes differ';
  return {
    productStatus: product.status,
    twinStatus: twin.status,
    productBytes: product.body.length,
    twinBytes: twin.body.length,
    difference,
  };
}
