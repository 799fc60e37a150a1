import type { RJSFValidationError } from '@rjsf/utils';
import { MESSAGES } from '../../../core/constants.ts';

const DOCUMENT_FORMATS = new Set(['cpf', 'cnpj', 'cpfCnpj']);
const MASK_FORMATS = new Set(['phone', 'cep', 'ncm', 'cest', 'gtin']);

const number = (value: unknown): string =>
  typeof value === 'number' ? value.toLocaleString('pt-BR') : String(value ?? '');

/** The spec's wording (spec 000 §5) for one ajv error, or undefined to keep ajv-i18n's pt-BR text. */
function specMessage(error: RJSFValidationError): string | undefined {
  const v = MESSAGES.validation;
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case 'required':
      return v.required;
    case 'minLength':
      return v.minLength(Number(params.limit));
    case 'maxLength':
      return v.maxLength(Number(params.limit));
    case 'minimum':
    case 'exclusiveMinimum':
      return v.min(number(params.limit));
    case 'maximum':
    case 'exclusiveMaximum':
      return v.max(number(params.limit));
    case 'pattern':
      return v.pattern;
    case 'format': {
      const format = String(params.format);
      if (DOCUMENT_FORMATS.has(format)) return v.document;
      if (format === 'email') return v.email;
      if (MASK_FORMATS.has(format)) return v.mask;
      return v.pattern;
    }
    default:
      return undefined;
  }
}

/** rjsf transformErrors: field messages as spec 000 §5 words them ('Campo Obrigatório!', 'Documento inválido'…). */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    const message = specMessage(error);
    return message
      ? { ...error, message, stack: error.title ? `${error.title}: ${message}` : message }
      : error;
  });
}
