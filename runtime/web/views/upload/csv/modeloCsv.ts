import type { ImportField } from './csvTypes.ts';

type Examples = Record<string, [string, string]>;

/** Example values of the model file's two rows of a pessoa view (valid CPF and CNPJ). */
const PESSOA: Examples = {
  nome: ['Maria da Silva', 'Comercial Exemplo Ltda'],
  apelido: ['', 'Exemplo'],
  cpfCnpj: ['529.982.247-25', '11.222.333/0001-81'],
  indicadorIe: ['9', '9'],
  email: ['maria@exemplo.com.br', 'contato@exemplo.com.br'],
  telefone: ['(11) 3333-4444', ''],
  celular: ['(11) 98888-7777', ''],
  cep: ['01310-100', '01001-000'],
  logradouro: ['Avenida Paulista', 'Praça da Sé'],
  numero: ['1000', '1'],
  bairro: ['Bela Vista', 'Sé'],
  uf: ['SP', 'SP'],
  codigoMunicipio: ['3550308', '3550308'],
  limiteCredito: ['1.000,00', ''],
  ufPlaca: ['', ''],
  ativo: ['Sim', 'Sim'],
};

/** Example values of the model file's two rows, by entity and field (others: first option or empty). */
const EXAMPLES: Record<string, Examples> = {
  produto: {
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
  },
  cliente: PESSOA,
  fornecedor: PESSOA,
  transportador: PESSOA,
  servico: {
    descricao: ['Manutenção de computadores', 'Consultoria em sistemas'],
    codigo: ['MANUT', 'CONSULT'],
    aliquotaIss: ['2', '5'],
    valor: ['150,00', '300,00'],
    ativo: ['Sim', 'Sim'],
  },
  categoria: { descricao: ['Bebidas', 'Limpeza'], categoriaPaiId: ['', ''] },
};

/** One CSV cell, quoted when it holds the separator, a quote or a line break. */
function cell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The model file offered for download: one column per importable field of `entity`, headed by its pt-BR
 * label (so the columns match automatically), two example rows, ';' as separator, UTF-8 with BOM so
 * spreadsheet programs open the accents right.
 */
export function modeloCsv(fields: ImportField[], entity: string): string {
  const examples = EXAMPLES[entity] ?? {};
  const example = (index: 0 | 1) =>
    fields.map((field) => {
      const known = examples[field.campo]?.[index];
      if (known !== undefined) return known;
      const first = field.opcoes?.[0];
      return first ? first.label : '';
    });
  const lines = [fields.map((field) => field.label), example(0), example(1)];
  return `\uFEFF${lines.map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** Offers a CSV text as a download named `filename`. */
export function downloadCsv(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
