import { MESSAGES } from './constants.ts';
import { readPath } from './readPath.ts';

/** Joins field messages into one line of the error dialog. */
const FIELD_SEPARATOR = '; ';
/** Nesting depth read inside `fields`, so a cyclic or huge object cannot hang the dialog. */
const MAX_FIELD_DEPTH = 4;

/**
 * Collects the texts of a validation `fields` value: a string, an array of strings or of { message },
 * or a map from field name to any of these. Field names are not shown (they are technical, not pt-BR).
 */
function fieldMessages(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (depth >= MAX_FIELD_DEPTH || typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => fieldMessages(item, depth + 1));
  const message = readPath(value, ['message']);
  if (message !== undefined) return fieldMessages(message, depth + 1);
  return Object.values(value).flatMap((item) => fieldMessages(item, depth + 1));
}

/** A non-empty trimmed string, or undefined. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The first message found in the order of spec 000 §8, before the duplicate-record rewrite. */
function rawMessage(e: unknown): string | undefined {
  const fields = [...new Set(fieldMessages(readPath(e, ['error', 'error', 'data', 'fields'])))];
  if (fields.length > 0) return fields.join(FIELD_SEPARATOR);
  return (
    text(readPath(e, ['error', 'data', 'message'])) ??
    text(readPath(e, ['error', 'message'])) ??
    text(readPath(e, ['message'])) ??
    text(readPath(e, ['message', 'message'])) ??
    // Not in the spec: a thrown plain string is its own message.
    text(e)
  );
}

/**
 * The message an error dialog shows for a thrown value (spec 000 §8): e.error.error.data.fields,
 * e.error.data.message, e.error.message, e.message, e.message.message, else the generic text; any message
 * mentioning 'Registro duplicado' becomes the standard duplicate-record text.
 */
export function extractErrorMessage(e: unknown): string {
  const message = rawMessage(e);
  if (message === undefined) return MESSAGES.actionError.text;
  return message.includes('Registro duplicado') ? MESSAGES.actionError.duplicate : message;
}
