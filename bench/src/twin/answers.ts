// The twin's answers in the product's envelopes, and the paging its lists read (decision 0110).

/** A refusal: its status, code and Russian message become the error envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const intParam = (q: URLSearchParams, name: string, fallback: number, max: number) => {
  const value = Number(q.get(name) ?? fallback);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
};

export function paging(q: URLSearchParams) {
  const page = intParam(q, 'page', 1, 1_000_000);
  const perPage = intParam(q, 'perPage', 20, 100);
  return { page, perPage, offset: (page - 1) * perPage };
}

export const json = (message: string, data: string, meta?: object) =>
  `{"success":true,"message":${JSON.stringify(message)},"data":${data}${meta ? `,"meta":${JSON.stringify(meta)}` : ''}}`;

/** A list answer from a row {total, data}. */
export function list(
  message: string,
  row: { total: number; data: string } | undefined,
  page: number,
  perPage: number,
) {
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Организация не найдена');
  const meta = { page, pages: Math.ceil(row.total / perPage), perPage, total: row.total };
  return json(message, row.data, meta);
}
