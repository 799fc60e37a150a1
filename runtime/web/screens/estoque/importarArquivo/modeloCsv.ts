import type { ImportField } from './importTypes.ts';

/** Example values of the model file's two rows, by field. */
const EXAMPLES: Record<string, [string, string]> = {
  descricao: ['Café torrado e moído 500 g', 'Camiseta básica algodão'],
  codigo: ['CAFE500', 'CAM-001'],
  codigoBarras: ['7891000315507', ''],
  unidade: ['UN', 'UN'],
  categoriaId: ['', ''],
  marcaId: ['', ''],
  custo: ['12,50', '18,00'],
  margem: ['', '40'],
  markup: ['', ''],
  precoVenda: ['19,90', '30,00'],
  ncm: ['09012100', '61091000'],
  estoqueMinimo: ['10', '5'],
  controlaLote: ['Não', 'Não'],
  ativo: ['Sim', 'Sim'],
};

/** One CSV cell, quoted when it holds the separator, a quote or a line break. */
function cell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The model file offered for download: one column per importable field, headed by its pt-BR label (so
 * the columns match automatically), two example rows, ';' as separator, UTF-8 with BOM so spreadsheet
 * programs open the accents right.
 */
export function modeloCsv(fields: ImportField[]): string {
  const example = (index: 0 | 1) =>
    fields.map((field) => {
      const known = EXAMPLES[field.campo]?.[index];
      if (known !== undefined) return known;
      const first = field.opcoes?.[0];
      return first ? first.label : '';
    });
  const lines = [fields.map((field) => field.label), example(0), example(1)];
  return `\uFEFF${lines.map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`;
}
