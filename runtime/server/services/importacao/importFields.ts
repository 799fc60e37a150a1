import type { RecordEntity } from '../records/recordEntity.ts';

/** An entity field a CSV column can fill, as the import screens list it. */
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

/** Common header names of pessoa spreadsheets (clientes, fornecedores, transportadoras). */
const PESSOA_ALIASES: Record<string, string[]> = {
  nome: ['razão social', 'razao social', 'nome completo', 'cliente', 'fornecedor', 'transportadora'],
  apelido: ['nome fantasia', 'fantasia', 'apelido'],
  cpfCnpj: ['cpf', 'cnpj', 'cpf/cnpj', 'cnpj/cpf', 'documento', 'cpf ou cnpj'],
  inscricaoEstadual: ['ie', 'inscrição estadual', 'insc estadual'],
  inscricaoMunicipal: ['im', 'insc municipal'],
  email: ['e-mail', 'email', 'correio eletrônico'],
  telefone: ['fone', 'tel', 'telefone fixo'],
  celular: ['cel', 'whatsapp'],
  cep: ['código postal'],
  logradouro: ['endereço', 'endereco', 'rua'],
  numero: ['nº', 'no', 'num'],
  uf: ['estado'],
  codigoMunicipio: ['código do município', 'código ibge', 'ibge', 'cod municipio'],
  grupoPessoaId: ['grupo'],
  vendedorId: ['vendedor'],
  observacoes: ['obs', 'observação'],
};

/**
 * Common header names of spreadsheets exported by other systems, by table (the views over pessoa share
 * theirs).
 */
const ALIASES: Record<string, Record<string, string[]>> = {
  produto: {
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
  },
  pessoa: PESSOA_ALIASES,
  servico: {
    descricao: ['nome', 'serviço', 'servico', 'nome do serviço'],
    codigo: ['cod', 'código do serviço'],
    aliquotaIss: ['iss', 'alíquota', 'aliquota iss'],
    valor: ['preço', 'preco', 'valor unitário'],
  },
  categoria: {
    descricao: ['nome', 'categoria', 'nome da categoria'],
    categoriaPaiId: ['pai', 'categoria superior', 'grupo'],
  },
};

/**
 * The fields an import may fill, in the entity's order: every writable field (schema, as the white-label
 * sees it) but json and multi-valued ones (edited on the form); relations are filled by the related
 * record's display text (e.g. the categoria's description).
 */
export function importFields(record: RecordEntity): ImportField[] {
  const aliases = ALIASES[record.entity.table] ?? {};
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
        aliases: aliases[campo] ?? [],
      },
    ];
  });
}
