/** Most digits either phone mask can hold: (00) 0 0000-0000. */
const PHONE_MAX_DIGITS = 11;

/**
 * Masks a Brazilian phone as typed (spec 000 §5): 11 digits give (00) 0 0000-0000, anything shorter follows
 * (00) 0000-00009 progressively, e.g. '113' → '(11) 3'. Non-digits are dropped and extra digits cut off.
 * PHONE_MAX_LENGTH (15) bounds the stored value; the 11-digit display itself is 16 characters long.
 */
export function phoneMask(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  if (digits.length === PHONE_MAX_DIGITS) {
    return `(${area}) ${digits.slice(2, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`;
  }
  if (digits.length <= 6) return `(${area}) ${digits.slice(2)}`;
  return `(${area}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
}

/** True when the phone, masked or not, has 10 (landline) or 11 (mobile) digits and nothing but mask characters. */
export function isValidPhone(value: string | null | undefined): boolean {
  const text = value ?? '';
  if (!/^[\d\s()-]*$/.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  return digits.length === 10 || digits.length === PHONE_MAX_DIGITS;
}
