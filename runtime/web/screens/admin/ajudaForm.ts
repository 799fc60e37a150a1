import settingsMetaSchema from '../../../../schemas/_meta/tenant-settings.schema.json' with { type: 'json' };
import type { WhiteLabelConfig } from '../../app/RuntimeContext.tsx';
import type { WhiteLabelInput } from './useWhiteLabelConfig.ts';

/** What Administrador › Ajuda edits (the `ajuda` member of the white-label configuration). */
export interface AjudaLink {
  titulo: string;
  url: string;
  descricao: string;
}

export interface AjudaForm {
  links: AjudaLink[];
  contato: { email: string; telefone: string; whatsapp: string; horarioAtendimento: string };
}

/** Field errors keyed like the API's `campo` without the "ajuda." prefix, e.g. "links.1.url". */
export type AjudaErrors = Record<string, string>;

interface Rule {
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  patternMessage?: string;
}

const ajudaSchema = settingsMetaSchema.properties.ajuda.properties;
const linkRules = ajudaSchema.links.items.properties as Record<keyof AjudaLink, Rule>;
const contatoRules = ajudaSchema.contato.properties as Record<keyof AjudaForm['contato'], Rule>;

/** Most links a white-label may publish (meta-schema maxItems). */
export const AJUDA_MAX_LINKS = ajudaSchema.links.maxItems;

/** The meta-schema's maxLength of a link member or contact member (for the inputs). */
export function maxLengthOf(member: keyof AjudaLink | keyof AjudaForm['contato']): number | undefined {
  return (
    (linkRules as Record<string, Rule>)[member]?.maxLength ??
    (contatoRules as Record<string, Rule>)[member]?.maxLength
  );
}

export const EMPTY_LINK: AjudaLink = { titulo: '', url: '', descricao: '' };

/** The form's values from the configuration as GET /api/ConfigWhiteLabels/{id} answers it. */
export function ajudaFormData(config: WhiteLabelConfig): AjudaForm {
  const ajuda = config.ajuda;
  return {
    links: (ajuda?.links ?? []).map((link) => ({
      titulo: link.titulo ?? '',
      url: link.url ?? '',
      descricao: link.descricao ?? '',
    })),
    contato: {
      email: ajuda?.contato?.email ?? '',
      telefone: ajuda?.contato?.telefone ?? '',
      whatsapp: ajuda?.contato?.whatsapp ?? '',
      horarioAtendimento: ajuda?.contato?.horarioAtendimento ?? '',
    },
  };
}

/** Trimmed values, as saved. */
export function normalizeAjuda(form: AjudaForm): AjudaForm {
  return {
    links: form.links.map((link) => ({
      titulo: link.titulo.trim(),
      url: link.url.trim(),
      descricao: link.descricao.trim(),
    })),
    contato: {
      email: form.contato.email.trim().toLowerCase(),
      telefone: form.contato.telefone.replace(/\D/g, ''),
      whatsapp: form.contato.whatsapp.replace(/\D/g, ''),
      horarioAtendimento: form.contato.horarioAtendimento.trim(),
    },
  };
}

/** The PUT body: the whole help member (the links list replaces the stored one). */
export function ajudaBody(form: AjudaForm): WhiteLabelInput {
  return { ajuda: normalizeAjuda(form) };
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function check(rule: Rule, value: string, required = false): string | undefined {
  if (required && !value) return 'Campo Obrigatório!';
  if (rule.maxLength !== undefined && value.length > rule.maxLength)
    return `Use no máximo ${rule.maxLength} caracteres.`;
  if (value && rule.pattern && !new RegExp(rule.pattern, 'u').test(value))
    return sentence(rule.patternMessage ?? 'formato inválido');
  return undefined;
}

/** The rules of the tenant-settings meta-schema (the same the server checks) on the trimmed values. */
export function validateAjuda(form: AjudaForm): AjudaErrors {
  const values = normalizeAjuda(form);
  const errors: AjudaErrors = {};
  values.links.forEach((link, i) => {
    for (const member of ['titulo', 'url', 'descricao'] as const) {
      const error = check(linkRules[member], link[member], member !== 'descricao');
      if (error) errors[`links.${i}.${member}`] = error;
    }
  });
  for (const member of ['email', 'telefone', 'whatsapp', 'horarioAtendimento'] as const) {
    const error = check(contatoRules[member], values.contato[member]);
    if (error) errors[`contato.${member}`] = error;
  }
  return errors;
}

/** The API's validation messages (error.details.fields [{campo: 'ajuda.links.1.url', mensagem}]) by field. */
export function ajudaServerErrors(error: unknown): AjudaErrors {
  const details = (error as { error?: { details?: { fields?: unknown } } } | undefined)?.error?.details;
  const list = Array.isArray(details?.fields)
    ? (details.fields as Array<{ campo?: string; mensagem?: string }>)
    : [];
  const errors: AjudaErrors = {};
  for (const item of list) {
    const campo = String(item.campo ?? '');
    if (!campo.startsWith('ajuda.')) continue;
    const key = campo.slice('ajuda.'.length);
    errors[key] ??= sentence(String(item.mensagem ?? 'inválido'));
  }
  return errors;
}
