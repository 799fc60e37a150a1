import type { LineError } from './lineErrors.ts';
import type { UploadColumn, UploadLine } from './readCsvUpload.ts';

/**
 * The columns of the CEST file (our format, documented on the screen and in its model file): the
 * Convênio ICMS 142/2018 annexes as a table, one CEST per line with its NCM/SH positions.
 */
export const CEST_COLUMNS: UploadColumn[] = [
  { campo: 'cest', label: 'CEST', obrigatoria: true },
  { campo: 'ncm', label: 'NCM', aliases: ['NCM/SH', 'ncm_sh'], obrigatoria: true },
  { campo: 'descricao', label: 'Descrição', obrigatoria: true },
  { campo: 'segmento', label: 'Segmento', obrigatoria: false },
  { campo: 'item', label: 'Item', obrigatoria: false },
];

/** One (CEST, NCM/SH position) pair, ready for the database. */
export interface CestRow {
  cest: string;
  ncm: string;
  descricao: string;
  segmento: string;
  item: string;
  linha: number;
}

/**
 * Reads and checks every line. The CEST may be written with dots (01.001.00); the NCM cell holds one or
 * more NCM/SH positions of 2 to 8 digits (dots allowed) separated by spaces, commas or "/", as the annexes
 * list them; each position becomes a row.
 */
export function parseCest(lines: UploadLine[]): { rows: CestRow[]; erros: LineError[]; cests: number } {
  const rows: CestRow[] = [];
  const erros: LineError[] = [];
  const seen = new Map<string, number>();
  const cests = new Set<string>();
  for (const { linha, valores } of lines) {
    const mensagens: string[] = [];
    const value = (campo: string) => (valores[campo] ?? '').trim();
    const cest = value('cest').replaceAll('.', '');
    if (!cest) mensagens.push('coluna "cest" vazia');
    else if (!/^\d{7}$/.test(cest))
      mensagens.push(`coluna "cest" deve ter 7 dígitos, ex.: 01.001.00, veio "${value('cest')}"`);
    const positions = value('ncm')
      .split(/[\s,;/]+/)
      .map((position) => position.replaceAll('.', ''))
      .filter(Boolean);
    if (positions.length === 0) mensagens.push('coluna "ncm" vazia');
    for (const position of positions)
      if (!/^\d{2,8}$/.test(position))
        mensagens.push(`coluna "ncm": "${position}" não é um NCM/SH (2 a 8 dígitos, ex.: 2201.10.00)`);
    const descricao = value('descricao');
    if (!descricao) mensagens.push('coluna "descricao" vazia');
    if (mensagens.length === 0) {
      for (const ncm of new Set(positions)) {
        const previous = seen.get(`${cest}|${ncm}`);
        if (previous !== undefined)
          mensagens.push(`CEST ${value('cest')} com NCM ${ncm} repetido: já aparece na linha ${previous}`);
        else seen.set(`${cest}|${ncm}`, linha);
      }
    }
    if (mensagens.length > 0) {
      erros.push({ linha, mensagens });
      continue;
    }
    cests.add(cest);
    for (const ncm of new Set(positions))
      rows.push({ cest, ncm, descricao, segmento: value('segmento'), item: value('item'), linha });
  }
  return { rows, erros, cests: cests.size };
}
