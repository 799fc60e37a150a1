import { parseBrazilianNumber } from '../../../core/parseCellValue.ts';
import type { LineError } from './lineErrors.ts';
import { parseDataBr } from './parseDataBr.ts';
import type { UploadColumn, UploadLine } from './readCsvUpload.ts';

/** The columns of the IBPT "De Olho no Imposto" CSV (header of TabelaIBPTax<UF><versão>.csv). */
export const IBPT_NCM_COLUMNS: UploadColumn[] = [
  { campo: 'codigo', label: 'Código', obrigatoria: true },
  { campo: 'ex', label: 'Ex', obrigatoria: true },
  { campo: 'tipo', label: 'Tipo', obrigatoria: true },
  { campo: 'descricao', label: 'Descrição', obrigatoria: true },
  { campo: 'nacionalfederal', label: 'Nacional federal', obrigatoria: true },
  { campo: 'importadosfederal', label: 'Importados federal', obrigatoria: true },
  { campo: 'estadual', label: 'Estadual', obrigatoria: true },
  { campo: 'municipal', label: 'Municipal', obrigatoria: true },
  { campo: 'vigenciainicio', label: 'Vigência início', obrigatoria: true },
  { campo: 'vigenciafim', label: 'Vigência fim', obrigatoria: true },
  { campo: 'chave', label: 'Chave', obrigatoria: true },
  { campo: 'versao', label: 'Versão', obrigatoria: true },
  { campo: 'fonte', label: 'Fonte', obrigatoria: false },
];

/** One line of the table, ready for the database (rates in percent). */
export interface IbptNcmRow {
  codigo: string;
  ex: string;
  tipo: number;
  descricao: string;
  nacionalFederal: number;
  importadosFederal: number;
  estadual: number;
  municipal: number;
  vigenciaInicio: string;
  vigenciaFim: string;
  chave: string;
  versao: string;
  fonte: string;
}

const RATES = [
  ['nacionalfederal', 'nacionalFederal'],
  ['importadosfederal', 'importadosFederal'],
  ['estadual', 'estadual'],
  ['municipal', 'municipal'],
] as const;

/** Reads and checks every line; a line's messages name the column and the value found. */
export function parseIbptNcm(lines: UploadLine[]): { rows: IbptNcmRow[]; erros: LineError[] } {
  const rows: IbptNcmRow[] = [];
  const erros: LineError[] = [];
  const seen = new Map<string, number>();
  for (const { linha, valores } of lines) {
    const mensagens: string[] = [];
    const value = (campo: string) => (valores[campo] ?? '').trim();
    const codigo = value('codigo').replaceAll('.', '');
    if (!codigo) mensagens.push('coluna "codigo" vazia');
    else if (!/^\d{1,9}$/.test(codigo))
      mensagens.push(`coluna "codigo" deve ter só dígitos (até 9), veio "${value('codigo')}"`);
    const ex = value('ex');
    if (!/^\d{0,3}$/.test(ex))
      mensagens.push(`coluna "ex" deve ser vazia ou ter até 3 dígitos, veio "${ex}"`);
    const tipo = value('tipo');
    if (!/^[012]$/.test(tipo))
      mensagens.push(`coluna "tipo" deve ser 0 (NCM), 1 (NBS) ou 2 (LC 116), veio "${tipo}"`);
    const descricao = value('descricao');
    if (!descricao) mensagens.push('coluna "descricao" vazia');
    const rates: Record<string, number> = {};
    for (const [campo, key] of RATES) {
      const rate = parseBrazilianNumber(value(campo));
      if (rate === null || rate < 0 || rate >= 1000)
        mensagens.push(
          `coluna "${campo}" deve ser uma alíquota em %, ex.: 13,45 ou 13.45, veio "${value(campo)}"`,
        );
      else rates[key] = rate;
    }
    const inicio = parseDataBr(value('vigenciainicio'));
    const fim = parseDataBr(value('vigenciafim'));
    if (!inicio)
      mensagens.push(
        `coluna "vigenciainicio" deve ser uma data dd/mm/aaaa, veio "${value('vigenciainicio')}"`,
      );
    if (!fim)
      mensagens.push(`coluna "vigenciafim" deve ser uma data dd/mm/aaaa, veio "${value('vigenciafim')}"`);
    if (inicio && fim && fim < inicio)
      mensagens.push('a vigência termina antes de começar ("vigenciafim" anterior a "vigenciainicio")');
    const versao = value('versao');
    if (!versao) mensagens.push('coluna "versao" vazia');
    const key = `${tipo}|${codigo}|${ex}`;
    const previous = seen.get(key);
    if (previous !== undefined && codigo)
      mensagens.push(`código ${codigo}${ex ? ` ex ${ex}` : ''} repetido: já aparece na linha ${previous}`);
    else seen.set(key, linha);
    if (mensagens.length > 0) {
      erros.push({ linha, mensagens });
      continue;
    }
    rows.push({
      codigo,
      ex,
      tipo: Number(tipo),
      descricao,
      nacionalFederal: rates.nacionalFederal as number,
      importadosFederal: rates.importadosFederal as number,
      estadual: rates.estadual as number,
      municipal: rates.municipal as number,
      vigenciaInicio: inicio as string,
      vigenciaFim: fim as string,
      chave: value('chave'),
      versao,
      fonte: value('fonte'),
    });
  }
  return { rows, erros };
}
