/**
 * The Sintegra records (Convênio ICMS 57/95, Manual de Orientação) as data: each record's fields in order,
 * with size, type and required-ness, so the validator checks every position of every line and the other
 * checks read fields by name. `Nome:TIPOtam` with TIPO N (digits, zero-filled), X (text, space-filled) or
 * D (AAAAMMDD); suffix `!` required (a text not blank; a date always); `=A,B` the values allowed.
 */

/** The note's identification, the same first fields in records 50 and 53. */
const NOTA = [
  'CNPJ:N14',
  'Inscrição estadual:X14!',
  'Data:D8!',
  'UF:X2!',
  'Modelo:N2!',
  'Série:X3',
  'Número:N6',
  'CFOP:N4',
  'Emitente:X1!=P,T',
];

const LEIAUTE: Record<string, string[]> = {
  '10': [
    'CNPJ:N14!',
    'Inscrição estadual:X14!',
    'Razão social:X35!',
    'Município:X30!',
    'UF:X2!',
    'Fax:N10',
    'Data inicial:D8!',
    'Data final:D8!',
    'Código da estrutura:X1!=3',
    'Natureza das operações:X1!=1,2,3',
    'Finalidade:X1!=1,2,3,5',
  ],
  '11': [
    'Logradouro:X34!',
    'Número:N5',
    'Complemento:X22',
    'Bairro:X15!',
    'CEP:N8!',
    'Contato:X28!',
    'Telefone:N12',
  ],
  '50': [
    ...NOTA,
    'Valor total:N13',
    'Base de cálculo do ICMS:N13',
    'Valor do ICMS:N13',
    'Isenta ou não tributada:N13',
    'Outras:N13',
    'Alíquota:N4',
    'Situação:X1!=N,S,E,X,2,4',
  ],
  '53': [
    ...NOTA,
    'Base de cálculo do ICMS ST:N13',
    'ICMS retido:N13',
    'Despesas acessórias:N13',
    'Situação:X1!=N,S,E,X,2,4',
    'Código da antecipação:X1',
    'Brancos:X29',
  ],
  '54': [
    'CNPJ:N14',
    'Modelo:N2!',
    'Série:X3',
    'Número:N6',
    'CFOP:N4',
    'CST:X3',
    'Número do item:N3',
    'Código do produto:X14',
    'Quantidade:N11',
    'Valor do produto:N12',
    'Desconto ou despesas:N12',
    'Base de cálculo do ICMS:N12',
    'Base de cálculo do ICMS ST:N12',
    'Valor do IPI:N12',
    'Alíquota:N4',
  ],
  '61': [
    'Brancos:X14',
    'Brancos 2:X14',
    'Data:D8!',
    'Modelo:N2!',
    'Série:X3',
    'Subsérie:X2',
    'Número inicial:N6',
    'Número final:N6',
    'Valor total:N13',
    'Base de cálculo do ICMS:N13',
    'Valor do ICMS:N12',
    'Isenta ou não tributada:N13',
    'Outras:N13',
    'Alíquota:N4',
    'Branco:X1',
  ],
  '61R': [
    'Mestre:X1!=R',
    'Mês e ano:N6!',
    'Código do produto:X14!',
    'Quantidade:N13',
    'Valor bruto:N16',
    'Base de cálculo do ICMS:N16',
    'Alíquota:N4',
    'Brancos:X54',
  ],
  '74': [
    'Data do inventário:D8!',
    'Código do produto:X14!',
    'Quantidade:N13',
    'Valor do produto:N13',
    'Código de posse:X1!=1,2,3',
    'CNPJ do possuidor:N14',
    'IE do possuidor:X14',
    'UF do possuidor:X2!',
    'Brancos:X45',
  ],
  '75': [
    'Data inicial:D8!',
    'Data final:D8!',
    'Código do produto:X14!',
    'NCM:X8',
    'Descrição:X53!',
    'Unidade:X6!',
    'Alíquota do IPI:N5',
    'Alíquota do ICMS:N4',
    'Redução da base:N5',
    'Base de cálculo do ICMS ST:N13',
  ],
  '90': ['CNPJ:N14!', 'Inscrição estadual:X14!', 'Totalizadores:X95!', 'Número de registros 90:N1!'],
};

export interface CampoSintegra {
  nome: string;
  tipo: 'N' | 'X' | 'D';
  inicio: number;
  tamanho: number;
  obrigatorio: boolean;
  valores: string[] | null;
}

/** The layouts parsed once: every record starts with its 2-digit type and ends at position 126. */
export const LEIAUTES_SINTEGRA: ReadonlyMap<string, CampoSintegra[]> = new Map(
  Object.entries(LEIAUTE).map(([tipo, specs]) => {
    let inicio = 2;
    const campos = specs.map((spec): CampoSintegra => {
      const match = /^(.+):([NXD])(\d+)(!?)(?:=(.+))?$/.exec(spec);
      if (!match) throw new Error(`Leiaute Sintegra inválido: ${spec}`);
      const campo = {
        nome: match[1] as string,
        tipo: match[2] as CampoSintegra['tipo'],
        inicio,
        tamanho: Number(match[3]),
        obrigatorio: match[4] === '!',
        valores: match[5] ? match[5].split(',') : null,
      };
      inicio += campo.tamanho;
      return campo;
    });
    if (inicio !== 126) throw new Error(`Leiaute do registro ${tipo} soma ${inicio} posições, não 126.`);
    return [tipo, campos];
  }),
);

/** The layout key of a line: its type, or 61R for the monthly summary of a 61 (subtype R at position 3). */
export const leiauteDaLinha = (linha: string): string =>
  linha.startsWith('61R') ? '61R' : linha.slice(0, 2);

/** The text of field `nome` of a line ('' for an unknown field). */
export function campoSintegra(linha: string, nome: string): string {
  const campo = LEIAUTES_SINTEGRA.get(leiauteDaLinha(linha))?.find((c) => c.nome === nome);
  return campo ? linha.slice(campo.inicio, campo.inicio + campo.tamanho) : '';
}

const dataValida = (aaaammdd: string) => {
  if (!/^\d{8}$/.test(aaaammdd)) return false;
  const iso = `${aaaammdd.slice(0, 4)}-${aaaammdd.slice(4, 6)}-${aaaammdd.slice(6)}`;
  const data = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(data.getTime()) && data.toISOString().startsWith(iso);
};

/** Why field `campo` of a line is wrong (a pt-BR phrase), or null. */
export function problemaCampoSintegra(campo: CampoSintegra, texto: string): string | null {
  if (campo.tipo === 'N')
    return /^\d+$/.test(texto) ? null : 'deve ter só dígitos, completado com zeros à esquerda';
  if (campo.tipo === 'D') return dataValida(texto) ? null : 'data inválida (use AAAAMMDD)';
  if (/[^\x20-\x7e\xa0-\xff]/.test(texto)) return 'tem caracteres fora do ISO-8859-1';
  if (campo.obrigatorio && texto.trim() === '') return 'obrigatório e está em branco';
  if (campo.valores && !campo.valores.includes(texto.trim()))
    return `deve ser ${campo.valores.join(', ')}, não "${texto.trim()}"`;
  return null;
}
