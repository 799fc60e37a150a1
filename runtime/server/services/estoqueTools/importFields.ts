import type { RecordEntity } from '../records/recordEntity.ts';

/** A produto field a CSV column can fill, as the import screen lists it. */
export interface ImportField {
  campo: string;
  label: string;
  tipo: string;
  obrigatorio: boolean;
  descricao?: string;
  /** Enum options (code and label) the column may name. */
  opcoes?: Array<{ codigo: number | string; label: string }>;
  /** Header names matched besides the field name and label. */
  aliases: string[];
}

/** Common header names of product spreadsheets exported by other systems. */
const ALIASES: Record<string, string[]> = {
  descricao: ['nome', 'produto', 'nome do produto', 'descrição do produto'],
  codigo: ['sku', 'código do produto', 'referência', 'referencia', 'cod'],
  codigoBarras: ['ean', 'gtin', 'ean13', 'código de barras', 'cod barras'],
  unidade: ['un', 'und', 'unid', 'unidade de medida'],
  precoVenda: ['preço', 'preco', 'valor', 'valor de venda', 'preço venda'],
  custo: ['preço de custo', 'valor de custo', 'custo unitário'],
  margem: ['margem', 'margem de lucro (%)'],
  categoriaId: ['categoria', 'grupo'],
  marcaId: ['marca', 'fabricante'],
  estoqueMinimo: ['estoque mínimo', 'mínimo'],
};

/**
 * The produto fields an import may fill, in the entity's order: every writable field but json ones
 * (variações are edited on the form); relations are filled by the related record's description.
 */
export function importFields(record: RecordEntity): ImportField[] {
  return record.writable.flatMap((campo) => {
    const field = record.entity.fields[campo];
    if (!field || field.type === 'json' || field.multiple) return [];
    const enumDef = field.enum ? record.enums[field.enum] : undefined;
    return [
      {
        campo,
        label: field.label,
        tipo: field.type,
        obrigatorio: Boolean(field.required),
        ...(field.description ? { descricao: field.description } : {}),
        ...(enumDef
          ? { opcoes: enumDef.values.map((value) => ({ codigo: value.code, label: value.label })) }
          : {}),
        aliases: ALIASES[campo] ?? [],
      },
    ];
  });
}
