import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
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

const RANGE = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'type']);

/**
 * The field's own hint (a nested field's too) for a value that does not match its pattern (ui:options.patternMessage) or falls
 * out of its range or type (ui:options.rangeMessage).
 */
function patternHint(error: RJSFValidationError, uiSchema: UiSchema | undefined): string | undefined {
  const option =
    error.name === 'pattern' ? 'patternMessage' : RANGE.has(error.name ?? '') ? 'rangeMessage' : null;
  if (!option || !uiSchema) return undefined;
  // '.contato.telefone' or '.links.0.url': an array item's options are under its `items`.
  let node: UiSchema | undefined = uiSchema;
  for (const segment of (error.property ?? '').replace(/^\./, '').split('.'))
    node = node?.[/^\d+$/.test(segment) ? 'items' : segment] as UiSchema | undefined;
  const hint = (node as { 'ui:options'?: Record<string, unknown> } | undefined)?.['ui:options']?.[option];
  return typeof hint === 'string' ? hint : undefined;
}

/**
 * rjsf transformErrors: field messages as spec 000 §5 words them ('Campo Obrigatório!', 'Documento
 * inválido'…); a pattern mismatch says what to type when the field has a patternMessage.
 */
export function transformErrors(errors: RJSFValidationError[], uiSchema?: UiSchema): RJSFValidationError[] {
  return errors.map((error) => {
    const message = patternHint(error, uiSchema) ?? specMessage(error);
    return message
      ? { ...error, message, stack: error.title ? `${error.title}: ${message}` : message }
      : error;
  });
}
