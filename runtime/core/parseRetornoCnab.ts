import {
  type CamposDetalhe,
  type EfeitoOcorrencia,
  type FormatoData,
  LAYOUTS_CNAB,
  type LayoutCnab,
  type NomeCampo,
} from './cnab/layouts.ts';

/**
 * Arquivo de retorno de cobrança (CNAB 400 and FEBRABAN CNAB 240, segmentos T/U) read into one list of
 * occurrences. Positions are 1-based and inclusive, as the banks' manuals print them.
 *
 * Each bank's layout (record types, positions, date formats, nosso número rule, occurrence table) is data in
 * ./cnab/layouts.ts, chosen by the header's bank code and the record size; a bank or layout missing there
 * is refused naming it. Whitespace is tolerated where the content stays unambiguous: a BOM, blanks after the
 * last record, blanks beyond a record's size and CNAB 240 records whose trailing blanks were trimmed.
 */

export type CnabLayout = 'CNAB400' | 'CNAB240';
export type { EfeitoOcorrencia };

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
  desconto: number;
  abatimento: number;
  juros: number;
  multa: number;
  /** The bank's meaning of the code (its own table) and what it does to the boleto. */
  ocorrencia: string;
  efeito: EfeitoOcorrencia;
  /** The record(s) without the file-specific sequence numbers: the same occurrence in another file matches. */
  registro: string;
}

export interface RetornoCnab {
  layout: CnabLayout;
  banco: string;
  nomeBanco: string;
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

const TIPOS_400: Record<string, string> = { '0': 'header', '1': 'detalhe', '7': 'detalhe', '9': 'trailer' };
const TIPOS_240: Record<string, string> = {
  '0': 'header de arquivo',
  '1': 'header de lote',
  '3': 'detalhe',
  '5': 'trailer de lote',
  '9': 'trailer de arquivo',
};

/** Line breaks, blanks and the DOS end-of-file mark (Ctrl+Z) some bank systems still append. */
const TRAILING = `\r\n \t${String.fromCharCode(0x1a)}`;

const slice = (line: string, start: number, end: number) => line.slice(start - 1, end);

/** The supported layouts, for the message naming an unsupported one. */
export function layoutsSuportados(): string {
  return LAYOUTS_CNAB.map(
    (l) => `${l.banco} ${l.nome} ${l.layout === 'CNAB400' ? 'CNAB 400' : 'CNAB 240'}`,
  ).join('; ');
}

function findLayout(banco: string, layout: CnabLayout): LayoutCnab {
  const found = LAYOUTS_CNAB.find((l) => l.banco === banco && l.layout === layout);
  if (!found)
    throw new CnabError(
      `Layout não suportado: banco ${banco} ${layout === 'CNAB400' ? 'CNAB 400' : 'CNAB 240'}. Suportados: ${layoutsSuportados()}.`,
    );
  return found;
}

const LABELS: Record<NomeCampo, string> = {
  nossoNumero: 'nosso número',
  seuNumero: 'seu número',
  codigo: 'código de ocorrência',
  dataOcorrencia: 'data da ocorrência',
  dataCredito: 'data do crédito',
  dataVencimento: 'data de vencimento',
  valorTitulo: 'valor do título',
  tarifa: 'tarifa de cobrança',
  valorPago: 'valor pago',
  desconto: 'desconto',
  abatimento: 'abatimento',
  juros: 'juros',
  multa: 'multa',
};

function money(text: string, decimais: number, label: string, linha: number): number {
  const value = text.trim();
  if (value === '') return 0;
  if (!/^\d+$/.test(value)) throw new CnabError(`${label} "${value}" não é numérico.`, linha);
  return Number(value) / 10 ** decimais;
}

function date(text: string, formato: FormatoData, label: string, linha: number): string | null {
  if (/^[0 ]*$/.test(text)) return null;
  let day: string;
  let month: string;
  let year: string;
  if (formato === 'AAAAMMDD') [year, month, day] = [text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)];
  else if (formato === 'DDMMAAAA')
    [day, month, year] = [text.slice(0, 2), text.slice(2, 4), text.slice(4, 8)];
  else [day, month, year] = [text.slice(0, 2), text.slice(2, 4), `20${text.slice(4, 6)}`];
  const iso = `${year}-${month}-${day}`;
  const valid =
    /^\d+$/.test(text) &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    new Date(`${iso}T00:00:00Z`).getUTCDate() === Number(day);
  if (!valid) throw new CnabError(`${label} "${text}" não é uma data válida.`, linha);
  return iso;
}

/** Reads one detail's fields from its record(s) (CNAB 240: T and U). */
function readDetail(
  layout: LayoutCnab,
  campos: CamposDetalhe,
  records: { T: string; U: string; linhaT: number; linhaU: number } | { line: string; linha: number },
) {
  const get = (name: NomeCampo) => {
    const campo = campos[name];
    if (!campo) return { text: '', linha: 'line' in records ? records.linha : records.linhaT, campo };
    if ('line' in records)
      return { text: slice(records.line, campo.de, campo.ate), linha: records.linha, campo };
    const useU = campo.segmento === 'U';
    return {
      text: slice(useU ? records.U : records.T, campo.de, campo.ate),
      linha: useU ? records.linhaU : records.linhaT,
      campo,
    };
  };
  const amount = (name: NomeCampo) => {
    const { text, linha, campo } = get(name);
    return money(text, campo?.decimais ?? 2, LABELS[name], linha);
  };
  const day = (name: NomeCampo) => {
    const { text, linha, campo } = get(name);
    return campo?.data ? date(text, campo.data, LABELS[name], linha) : null;
  };
  let nossoNumero = get('nossoNumero').text.trim();
  if (layout.nossoNumeroDv > 0 && nossoNumero.length > layout.nossoNumeroDv)
    nossoNumero = nossoNumero.slice(0, -layout.nossoNumeroDv);
  const codigo = get('codigo').text;
  const [texto, efeito] = layout.ocorrencias[codigo] ?? [`Ocorrência ${codigo}`, 'informativa'];
  return {
    nossoNumero,
    seuNumero: get('seuNumero').text.trim(),
    codigo,
    ocorrencia: texto,
    efeito: efeito as EfeitoOcorrencia,
    dataOcorrencia: day('dataOcorrencia'),
    dataCredito: day('dataCredito'),
    dataVencimento: day('dataVencimento'),
    valorTitulo: amount('valorTitulo'),
    tarifa: amount('tarifa'),
    valorPago: amount('valorPago'),
    desconto: amount('desconto'),
    abatimento: amount('abatimento'),
    juros: amount('juros'),
    multa: amount('multa'),
  };
}

/** A record of the layout's size: blanks beyond it are dropped, short CNAB 240 records padded with blanks. */
function fitRecord(line: string, size: number, label: string, linha: number, pad: boolean): string {
  if (line.length > size && line.slice(size).trim() === '') return line.slice(0, size);
  if (line.length < size && pad) return line.padEnd(size, ' ');
  if (line.length !== size)
    throw new CnabError(
      `registro de ${label} com ${line.length} caracteres; o ${size === 400 ? 'CNAB 400' : 'CNAB 240'} tem ${size}.`,
      linha,
    );
  return line;
}

function parse400(lines: string[]): RetornoCnab {
  const header = lines[0] as string;
  if (header.startsWith('01')) throw new CnabError('este é um arquivo de remessa, não de retorno.', 1);
  if (!header.startsWith('02'))
    throw new CnabError('o header não é de um arquivo de retorno (0 2 RETORNO).', 1);
  const banco = slice(header, 77, 79);
  const layout = findLayout(banco, 'CNAB400');
  const ocorrencias: CnabOcorrencia[] = [];
  let trailer = false;
  lines.forEach((raw, index) => {
    const linha = index + 1;
    const tipo = raw[0] ?? '';
    const line = fitRecord(raw, 400, TIPOS_400[tipo] ?? 'tipo desconhecido', linha, false);
    if (index > 0 && tipo === '0') throw new CnabError('um segundo header no arquivo.', linha);
    if (tipo === '9') trailer = true;
    const campos = layout.detalhes[tipo];
    if (!campos || index === 0) return;
    ocorrencias.push({
      linha,
      ...readDetail(layout, campos, { line, linha }),
      registro: `400|${banco}|${line.slice(0, 394)}`,
    });
  });
  if (!trailer) throw new CnabError('O arquivo não tem o registro trailer (9): pode estar incompleto.');
  return { layout: 'CNAB400', banco, nomeBanco: layout.nome, ocorrencias };
}

function parse240(lines: string[]): RetornoCnab {
  const header = fitRecord(lines[0] as string, 240, 'header de arquivo', 1, true);
  if (header[7] !== '0') throw new CnabError('o primeiro registro deve ser o header de arquivo (tipo 0).', 1);
  if (header[142] === '1') throw new CnabError('este é um arquivo de remessa, não de retorno.', 1);
  const banco = slice(header, 1, 3);
  const layout = findLayout(banco, 'CNAB240');
  const campos = layout.detalhes['3'] as CamposDetalhe;
  const ocorrencias: CnabOcorrencia[] = [];
  let pendingT: { line: string; linha: number } | null = null;
  let trailer = false;
  const flushT = () => {
    if (pendingT) throw new CnabError('segmento T sem o segmento U correspondente.', pendingT.linha);
  };
  lines.forEach((raw, index) => {
    const linha = index + 1;
    const tipo = raw[7] ?? '';
    const line = fitRecord(raw, 240, TIPOS_240[tipo] ?? 'tipo desconhecido', linha, raw.length >= 8);
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
    const t = pendingT;
    pendingT = null;
    ocorrencias.push({
      linha: t.linha,
      ...readDetail(layout, campos, { T: t.line, U: line, linhaT: t.linha, linhaU: linha }),
      registro: `240|${banco}|${slice(t.line, 14, 240)}|${slice(line, 14, 240)}`,
    });
  });
  flushT();
  if (!trailer)
    throw new CnabError('O arquivo não tem o trailer de arquivo (tipo 9): pode estar incompleto.');
  return { layout: 'CNAB240', banco, nomeBanco: layout.nome, ocorrencias };
}

/**
 * Reads a return file (text already decoded; CRLF or LF; trailing blank lines and the DOS end-of-file
 * mark ignored). The first line's length tells the layout. Throws CnabError with a pt-BR message naming
 * the line for anything that does not follow the layout.
 */
export function parseRetornoCnab(input: string): RetornoCnab {
  const text = input.replace(/^\uFEFF/, '');
  let end = text.length;
  while (end > 0 && TRAILING.includes(text[end - 1] as string)) end -= 1;
  if (end === 0) throw new CnabError('O arquivo está vazio.');
  const clean = text
    .slice(0, end)
    .split(/\r?\n/)
    .map((line) => line.replace(/\r+$/, ''));
  const first = clean[0] as string;
  const size = first.trimEnd().length;
  // A CNAB 400 header ends with its sequence number (never trimmed); a CNAB 240 header ends with blanks
  // some systems trim: any header up to 240 characters with the record type 0 in position 8 is a 240 one.
  if (size > 240 && size <= 400 && first.length >= 400) return parse400(clean);
  if (size >= 8 && size <= 240 && first[7] === '0') return parse240(clean);
  throw new CnabError(
    `registro com ${first.length} caracteres; o arquivo de retorno tem linhas de 400 (CNAB 400) ou 240 (CNAB 240) caracteres.`,
    1,
  );
}
