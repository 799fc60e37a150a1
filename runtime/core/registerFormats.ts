import { isValidCnpj } from './isValidCnpj.ts';
import { isValidCpf } from './isValidCpf.ts';
import { isValidCpfCnpj } from './isValidCpfCnpj.ts';
import { isValidPhone } from './phoneMask.ts';

/** What registerFormats needs of an Ajv instance (kept structural so runtime/core imports no ajv code). */
export interface FormatHost {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

/** Only digits, letters and the usual document mask characters. */
const DOCUMENT_CHARACTERS = /^[0-9A-Za-z./\- ]*$/;
const CEP = /^\d{5}-?\d{3}$/;
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

/** N digits, optionally grouped with dots (NCM 0000.00.00, CEST 00.000.00). */
function dottedDigits(value: string, length: number): boolean {
  return /^[\d.]+$/.test(value) && !/\.\.|^\.|\.$/.test(value) && value.replaceAll('.', '').length === length;
}

/** GTIN-8, -12, -13 or -14 with a right mod-10 check digit (weights 3,1,3… from the right). */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isValidDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match?.[1] || !isValidDate(match[1])) return false;
  return Number(match[2]) <= 23 && Number(match[3]) <= 59 && Number(match[4] ?? 0) <= 59;
}

function isValidUri(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Every custom format of the entity schemas, by the name entity fields use (format: "cpfCnpj"…). */
export const FORMAT_VALIDATORS: Record<string, (value: string) => boolean> = {
  cpf: (value) => DOCUMENT_CHARACTERS.test(value) && isValidCpf(value),
  cnpj: (value) => DOCUMENT_CHARACTERS.test(value) && isValidCnpj(value),
  cpfCnpj: (value) => DOCUMENT_CHARACTERS.test(value) && isValidCpfCnpj(value),
  phone: isValidPhone,
  cep: (value) => CEP.test(value),
  ncm: (value) => dottedDigits(value, 8),
  cest: (value) => dottedDigits(value, 7),
  gtin: isValidGtin,
  email: (value) => value.length <= 254 && EMAIL.test(value),
  uri: isValidUri,
  date: isValidDate,
  'date-time': isValidDateTime,
};

/**
 * Registers the entity formats (cpf, cnpj, cpfCnpj, phone, cep, ncm, cest, gtin, email, uri, date,
 * date-time) on an Ajv instance, so the server and the browser form validate alike. Returns the instance.
 */
export function registerFormats<A extends FormatHost>(ajv: A): A {
  for (const [name, validate] of Object.entries(FORMAT_VALIDATORS))
    ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}
