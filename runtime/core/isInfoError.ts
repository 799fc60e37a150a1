import { extractErrorMessage } from './extractErrorMessage.ts';
import { readPath } from './readPath.ts';

const CONFLICT = 409;
const STATUS_PATHS = [['status'], ['statusCode'], ['error', 'statusCode']] as const;

/**
 * True when the error dialog should show only the message, as info (spec 000 §8): the message contains
 * 'Já existe' or the HTTP status (e.status, e.statusCode or e.error.statusCode) is 409.
 */
export function isInfoError(e: unknown): boolean {
  const conflict = STATUS_PATHS.some((path) => {
    const status = readPath(e, path);
    return (typeof status === 'number' || typeof status === 'string') && Number(status) === CONFLICT;
  });
  return conflict || extractErrorMessage(e).includes('Já existe');
}
