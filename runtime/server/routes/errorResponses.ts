const envelope = { $ref: 'ErrorEnvelope#' } as const;
type Status = 400 | 401 | 403 | 404 | 406 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** Route response schemas for the given error statuses, all answering the LoopBack error envelope. */
export function errorResponses<S extends Status>(...statuses: S[]): Record<S, typeof envelope> {
  return Object.fromEntries(statuses.map((status) => [status, envelope])) as Record<S, typeof envelope>;
}
