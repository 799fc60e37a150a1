import { EMAIL_MAX_LENGTH, MESSAGES } from '../../core/constants.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail rule of the auth forms: required, valid, at most 50 characters; null when valid. */
export function validateEmail(value: string, messages: { required: string; invalid: string }): string | null {
  const email = value.trim();
  if (!email) return messages.required;
  if (email.length > EMAIL_MAX_LENGTH) return MESSAGES.validation.maxLength(EMAIL_MAX_LENGTH);
  return EMAIL_PATTERN.test(email) ? null : messages.invalid;
}
