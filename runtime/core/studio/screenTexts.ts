/**
 * The texts of a declared screen (tool, upload, lookup, dashboard) an operator may reword in the studio:
 * every string under a text key (label, title, description, empty, help, placeholder, text, message, hint),
 * wherever it sits in the screen file. Only the words change; keys, routes, fields and operations stay.
 */
import { isPlainObject } from '../mergePatch.ts';

const TEXT_KEYS = new Set([
  'label',
  'title',
  'description',
  'empty',
  'help',
  'placeholder',
  'text',
  'message',
  'hint',
]);

export interface ScreenText {
  /** Keys and array indexes from the file's root to the text. */
  path: Array<string | number>;
  value: string;
}

/**
 * Every text of a screen file in document order, except the ones `skip` names by their first key (the
 * studio edits the screen's own title and description, its cards and charts apart).
 */
export function collectScreenTexts(file: unknown, skip: ReadonlySet<string> = new Set()): ScreenText[] {
  const texts: ScreenText[] = [];
  const walk = (value: unknown, path: Array<string | number>) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
    } else if (isPlainObject(value))
      for (const [key, member] of Object.entries(value)) {
        if (path.length === 0 && (skip.has(key) || key === '$schema')) continue;
        if (typeof member === 'string' && TEXT_KEYS.has(key) && path.length > 0)
          texts.push({ path: [...path, key], value: member });
        else walk(member, [...path, key]);
      }
  };
  walk(file, []);
  return texts;
}

/** A copy of `file` with the text at `path` replaced (arrays and objects on the way copied, not mutated). */
export function withScreenText<T>(file: T, path: ReadonlyArray<string | number>, text: string): T {
  const [head, ...rest] = path;
  if (head === undefined) return text as unknown as T;
  if (Array.isArray(file)) {
    const copy = [...file];
    copy[head as number] = withScreenText(copy[head as number], rest, text);
    return copy as unknown as T;
  }
  const object = (isPlainObject(file) ? file : {}) as Record<string, unknown>;
  return { ...object, [head]: withScreenText(object[head as string], rest, text) } as T;
}

/** The value at `path`, or undefined. */
export function screenTextAt(file: unknown, path: ReadonlyArray<string | number>): unknown {
  let value: unknown = file;
  for (const key of path) {
    if (Array.isArray(value) && typeof key === 'number') value = value[key];
    else if (isPlainObject(value) && typeof key === 'string') value = value[key];
    else return undefined;
  }
  return value;
}

const WORDS: Record<string, string> = {
  label: 'rótulo',
  title: 'título',
  description: 'descrição',
  empty: 'texto sem dados',
  help: 'ajuda',
  placeholder: 'texto de exemplo',
  text: 'texto',
  message: 'mensagem',
  hint: 'dica',
  actions: 'ação',
  parameters: 'parâmetros',
  columns: 'coluna',
  filters: 'filtro',
  confirm: 'confirmação',
  dialog: 'diálogo',
  tables: 'tabela',
  search: 'busca',
  result: 'resultado',
  summary: 'resumo',
  cards: 'cartão',
  grid: 'grade',
};

const SILENT = new Set(['schema', 'properties', 'items', 'uiSchema', 'definitions']);

/** "ação 2 › confirmação › mensagem" for ['actions', 1, 'confirm', 'message']. */
export function describeTextPath(path: ReadonlyArray<string | number>): string {
  const words: string[] = [];
  for (const part of path) {
    // JSON Schema plumbing says nothing to an operator: "parâmetros › categoriaId › título".
    if (typeof part === 'string' && SILENT.has(part)) continue;
    if (typeof part === 'number')
      words[words.length - 1] = `${words[words.length - 1] ?? 'item'} ${part + 1}`;
    else words.push(WORDS[part] ?? part);
  }
  return words.join(' › ');
}
