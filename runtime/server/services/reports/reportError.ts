/** A report failure the user can act on: its pt-BR message becomes the record's erro.message. */
export class ReportError extends Error {
  readonly userFacing = true;
}

/** Whether an error's message is meant for the user (ReportError, HttpError, filter errors) rather than a bug's. */
export function isUserFacing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const flagged = error as Error & { userFacing?: boolean; statusCode?: number };
  return flagged.userFacing === true || (typeof flagged.statusCode === 'number' && flagged.statusCode < 500);
}
