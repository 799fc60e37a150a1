import { isPlainObject } from '../mergePatch.ts';
import { schemaKind } from '../schemaKind.ts';
import type { SchemaFiles } from '../validateSchemaSet.ts';
import { describeSchemaPath } from './applyCustomizations.ts';

/** One changed property, as the studio's "Comparar" lists it. */
export interface CustomizationChange {
  caminho: string;
  /** "formulário produto" */
  alvo: string;
  /** JSON pointer in the merged schema (enumeration values keyed by code, not by position). */
  ponteiro: string;
  antes: unknown;
  depois: unknown;
  /** 'seção identificacao › campo descricao › rótulo: "Descrição" → "Nome do produto"' */
  descricao: string;
}

const CONTAINERS: Record<string, string> = {
  sections: 'seção',
  fields: 'campo',
  columns: 'coluna',
  tabs: 'aba',
  items: 'entrada',
  values: 'valor',
  cards: 'cartão',
  charts: 'gráfico',
  filters: 'filtro',
  actions: 'ação',
  customFields: 'campo personalizado',
};

const PROPERTIES: Record<string, string> = {
  label: 'rótulo',
  labelPlural: 'rótulo no plural',
  title: 'título',
  help: 'ajuda',
  description: 'descrição',
  placeholder: 'texto de exemplo',
  hidden: 'oculto',
  required: 'obrigatório',
  readOnly: 'somente leitura',
  default: 'valor padrão',
  width: 'largura',
  order: 'posição',
  format: 'formato',
  icon: 'ícone',
  color: 'cor',
  tab: 'aba',
  columns: 'colunas',
  colSpan: 'largura em colunas',
  link: 'endereço',
  sort: 'ordenação padrão',
  mask: 'máscara',
  type: 'tipo',
  options: 'opções',
  maxLength: 'tamanho máximo',
  minimum: 'mínimo',
  maximum: 'máximo',
  pattern: 'formato',
  patternMessage: 'mensagem do formato',
  entity: 'cadastro',
};

type Leaves = Map<string, unknown>;

/** Flattens a schema into pointer → leaf value; enumeration values are keyed by their code. */
function flatten(value: unknown, pointer: string, into: Leaves): void {
  if (Array.isArray(value)) {
    const byCode = value.every((entry) => isPlainObject(entry) && 'code' in entry);
    if (pointer.endsWith('/values') && byCode) {
      for (const entry of value as Array<Record<string, unknown>>)
        flatten(entry, `${pointer}/${String(entry.code)}`, into);
      return;
    }
    into.set(pointer, value);
    return;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([key]) => key !== '$schema');
    if (entries.length === 0) into.set(pointer, {});
    for (const [key, member] of entries) flatten(member, `${pointer}/${key}`, into);
    return;
  }
  into.set(pointer, value);
}

const show = (value: unknown): string => {
  if (value === undefined) return '(padrão)';
  if (value === true) return 'sim';
  if (value === false) return 'não';
  if (typeof value === 'string') return `"${value}"`;
  return JSON.stringify(value);
};

/** "seção identificacao › campo descricao › rótulo" for /sections/identificacao/fields/descricao/label. */
function describePointer(pointer: string): string {
  const parts = pointer.split('/').slice(1);
  const words: string[] = [];
  let index = 0;
  while (index < parts.length) {
    const part = parts[index] as string;
    const container = CONTAINERS[part];
    if (container && index + 1 < parts.length) {
      words.push(`${container} ${parts[index + 1]}`);
      index += 2;
      continue;
    }
    words.push(PROPERTIES[part] ?? part);
    index += 1;
  }
  return words.join(' › ');
}

/**
 * Lists, property by property and in Portuguese, what differs between two versions of a white-label's
 * schemas for the given paths (the studio's "Comparar": drafts against what is published, or two versions).
 */
export function describeCustomizationDiff(
  before: SchemaFiles,
  after: SchemaFiles,
  paths: Iterable<string>,
): CustomizationChange[] {
  const changes: CustomizationChange[] = [];
  for (const path of [...new Set(paths)].sort()) {
    if (schemaKind(path) === null) continue;
    const was: Leaves = new Map();
    const now: Leaves = new Map();
    flatten(before[path], '', was);
    flatten(after[path], '', now);
    const pointers = [...new Set([...was.keys(), ...now.keys()])];
    const isEmpty = (value: unknown) => isPlainObject(value) && Object.keys(value).length === 0;
    for (const pointer of pointers) {
      const a = was.get(pointer);
      const b = now.get(pointer);
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      // An empty layout ({}) that gained or lost members is described by those members.
      const hasMembers = (leaves: Leaves) => [...leaves.keys()].some((key) => key.startsWith(`${pointer}/`));
      if (
        (isEmpty(a) && b === undefined && hasMembers(now)) ||
        (isEmpty(b) && a === undefined && hasMembers(was))
      )
        continue;
      changes.push({
        caminho: path,
        alvo: describeSchemaPath(path),
        ponteiro: pointer,
        antes: a,
        depois: b,
        descricao: `${describePointer(pointer)}: ${show(a)} → ${show(b)}`,
      });
    }
  }
  return changes;
}
