/**
 * Arquivo de retorno de cobrança (CNAB 400 and FEBRABAN CNAB 240, segmentos T/U) read into one list of
 * occurrences. Positions are 1-based and inclusive, as the banks' manuals print them.
 *
 * CNAB 240 follows the FEBRABAN layout (v08/v10): every bank uses the same positions. CNAB 400 is not a
 * FEBRABAN standard; the generic positions here are the ones most banks share (Bradesco's layout, which
 * Santander, Itaú and the cooperative banks follow for the fields read below). Only the nosso número moves
 * between banks, so it is taken from NOSSO_NUMERO_400 by the header's bank code.
 */

export type CnabLayout = 'CNAB400' | 'CNAB240';

/** One occurrence of the file: a CNAB 400 detail (1) or a CNAB 240 T + U pair. */
export interface CnabOcorrencia {
  /** Line of the file (1-based) of the detail, or of the segmento T. */
  linha: number;
  nossoNumero: string;
  seuNumero: string;
  codigo: string;
  dataOcorrencia: string | null;
  dataCredito: string | null;
  dataVencimento: string | null;
  valorTitulo: number;
  valorPago: number;
  tarifa: number;
  /** The record(s) without the file-specific sequence numbers: the same occurrence in another file matches. */
  registro: string;
}

export interface RetornoCnab {
  layout: CnabLayout;
  banco: string;
  ocorrencias: CnabOcorrencia[];
}

/** A file that is not a readable return file; `linha` names the line (1-based) when there is one. */
export class CnabError extends Error {
  constructor(
    message: string,
    readonly linha?: number,
  ) {
    super(linha ? `Linha ${linha}: ${message}` : message);
    this.name = 'CnabError';
  }
}

/** Nosso número in a CNAB 400 detail by bank (start, end); others use Bradesco's 071–082. */
const NOSSO_NUMERO_400: Record<string, [number, number]> = {
  '001': [64, 80],
  '033': [63, 70],
  '104': [57, 73],
  '237': [71, 82],
  '341': [63, 70],
};

const TIPOS_400: Record<string, string> = { '0': 'header', '1': 'detalhe', '9': 'trailer' };
const TIPOS_240: Record<string, string> = {
  '0': 'header de arquivo',
  '1': 'header de lote',
  '3': 'detalhe',
  '5': 'trailer de lote',
  '9': 'trailer de arquivo',
};

/** Line breaks and the DOS end-of-file mark (Ctrl+Z) some bank systems still append. */
const TRAILING = `\r\n${String.fromCharCode(0x1a)}`;

const field = (line: string, start: number, end: number) => line.slice(start - 1, end);

function money(line: string, start: number, end: number, label: string, linha: number): number {
  const text = field(line, start, end).trim();
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) throw new CnabError(`${label} "${text}" não é numérico.`, linha);
  return Number(text) / 100;
}

function date(text: string, label: string, linha: number): string | null {
  if (/^[0 ]*$/.test(text)) return null;
  const short = text.length === 6;
  const day = Number(text.slice(0, 2));
  const month = Number(text.slice(2, 4));
  const year = short ? 2000 + Number(text.slice(4, 6)) : Number(text.slice(4, 8));
  const iso = `${String(year).padStart(4, '0')}-${text.slice(2, 4)}-${text.slice(0, 2)}`;
  const valid =
    /^\d+$/.test(text) && new Date(`${iso}T00:00:00Z`).getUTCDate() === day && month >= 1 && month <= 12;
  if (!valid) throw new CnabError(`${label} "${text}" não é uma data válida.`, linha);
  return iso;
}

function parse400(lines: string[]): RetornoCnab {
  const header = lines[0] as string;
  if (header.startsWith('01')) throw new CnabError('este é um arquivo de remessa, não de retorno.', 1);
  if (!header.startsWith('02'))
    throw new CnabError('o header não é de um arquivo de retorno (0 2 RETORNO).', 1);
  const banco = field(header, 77, 79);
  const [nnStart, nnEnd] = NOSSO_NUMERO_400[banco] ?? [71, 82];
  const ocorrencias: CnabOcorrencia[] = [];
  let trailer = false;
  lines.forEach((line, index) => {
    const linha = index + 1;
    const tipo = line[0] ?? '';
    if (line.length !== 400)
      throw new CnabError(
        `registro de ${TIPOS_400[tipo] ?? 'tipo desconhecido'} com ${line.length} caracteres; o CNAB 400 tem 400.`,
        linha,
      );
    if (index > 0 && tipo === '0') throw new CnabError('um segundo header no arquivo.', linha);
    if (tipo === '9') trailer = true;
    if (tipo !== '1') return;
    ocorrencias.push({
      linha,
      nossoNumero: field(line, nnStart, nnEnd).trim(),
      seuNumero: field(line, 117, 126).trim(),
      codigo: field(line, 109, 110),
      dataOcorrencia: date(field(line, 111, 116), 'data da ocorrência', linha),
      dataCredito: date(field(line, 296, 301), 'data do crédito', linha),
      dataVencimento: date(field(line, 147, 152), 'data de vencimento', linha),
      valorTitulo: money(line, 153, 165, 'valor do título', linha),
      tarifa: money(line, 176, 188, 'tarifa de cobrança', linha),
      valorPago: money(line, 254, 266, 'valor pago', linha),
      registro: `400|${banco}|${line.slice(0, 394)}`,
    });
  });
  if (!trailer) throw new CnabError('O arquivo não tem o registro trailer (9): pode estar incompleto.');
  return { layout: 'CNAB400', banco, ocorrencias };
}

function parse240(lines: string[]): RetornoCnab {
  const header = lines[0] as string;
  if (header[7] !== '0') throw new CnabError('o primeiro registro deve ser o header de arquivo (tipo 0).', 1);
  if (header[142] === '1') throw new CnabError('este é um arquivo de remessa, não de retorno.', 1);
  const banco = field(header, 1, 3);
  const ocorrencias: CnabOcorrencia[] = [];
  let pendingT: { line: string; linha: number } | null = null;
  let trailer = false;
  const flushT = () => {
    if (pendingT) throw new CnabError('segmento T sem o segmento U correspondente.', pendingT.linha);
  };
  lines.forEach((line, index) => {
    const linha = index + 1;
    const tipo = line[7] ?? '';
    if (line.length !== 240)
      throw new CnabError(
        `registro de ${TIPOS_240[tipo] ?? 'tipo desconhecido'} com ${line.length} caracteres; o CNAB 240 tem 240.`,
        linha,
      );
    if (tipo === '9') trailer = true;
    if (tipo !== '3') {
      flushT();
      return;
    }
    const segmento = line[13];
    if (segmento === 'T') {
      flushT();
      pendingT = { line, linha };
      return;
    }
    if (segmento !== 'U') return;
    if (!pendingT) throw new CnabError('segmento U sem o segmento T anterior.', linha);
    const t = pendingT.line;
    const at = pendingT.linha;
    pendingT = null;
    ocorrencias.push({
      linha: at,
      nossoNumero: field(t, 38, 57).trim(),
      seuNumero: field(t, 59, 73).trim(),
      codigo: field(t, 16, 17),
      dataVencimento: date(field(t, 74, 81), 'data de vencimento', at),
      valorTitulo: money(t, 82, 96, 'valor do título', at),
      tarifa: money(t, 199, 213, 'valor da tarifa', at),
      valorPago: money(line, 78, 92, 'valor pago', linha),
      dataOcorrencia: date(field(line, 138, 145), 'data da ocorrência', linha),
      dataCredito: date(field(line, 146, 153), 'data do crédito', linha),
      registro: `240|${banco}|${field(t, 14, 240)}|${field(line, 14, 240)}`,
    });
  });
  flushT();
  if (!trailer)
    throw new CnabError('O arquivo não tem o trailer de arquivo (tipo 9): pode estar incompleto.');
  return { layout: 'CNAB240', banco, ocorrencias };
}

/**
 * Reads a return file (text already decoded; CRLF or LF; trailing blank lines and the DOS end-of-file
 * mark ignored). The first line's length tells the layout. Throws CnabError with a pt-BR message naming
 * the line for anything that does not follow the layout.
 */
export function parseRetornoCnab(text: string): RetornoCnab {
  let end = text.length;
  while (end > 0 && TRAILING.includes(text[end - 1] as string)) end -= 1;
  const lines = text.slice(0, end).split(/\r?\n/);
  if (text.trim() === '') throw new CnabError('O arquivo está vazio.');
  const first = (lines[0] as string).replace(/\r$/, '');
  const clean = lines.map((line) => line.replace(/\r$/, ''));
  if (first.length === 400) return parse400(clean);
  if (first.length === 240) return parse240(clean);
  throw new CnabError(
    `registro com ${first.length} caracteres; o arquivo de retorno tem linhas de 400 (CNAB 400) ou 240 (CNAB 240) caracteres.`,
    1,
  );
}
