/** Return-file fixtures (arquivo de retorno de cobrança) built field by field, for the retornoBoleto tests. */

/** A fixed-width record: blanks with each [start (1-based), text] written in place. */
function record(size: number, fields: Array<[number, string]>): string {
  const chars = ' '.repeat(size).split('');
  for (const [start, text] of fields) chars.splice(start - 1, text.length, ...text.split(''));
  return chars.join('');
}
const num = (value: number, size: number) => String(Math.round(value * 100)).padStart(size, '0');
const seq = (n: number) => String(n).padStart(6, '0');

export interface Detalhe {
  nossoNumero: string;
  codigo: string;
  data?: string;
  credito?: string;
  valor?: number;
  pago?: number;
  tarifa?: number;
}

/** A Bradesco-style CNAB 400 return file (Windows-1252, CRLF). */
export function cnab400(detalhes: Detalhe[], banco = '237'): string {
  const lines = [
    record(400, [
      [1, '02RETORNO01COBRANCA'],
      [47, 'EMPRESA DEMONSTRAÇÃO'],
      [77, `${banco}BRADESCO`],
      [95, '160125'],
      [395, seq(1)],
    ]),
    ...detalhes.map((d, i) =>
      record(400, [
        [1, '1'],
        [71, d.nossoNumero.padStart(12, '0')],
        [109, d.codigo],
        [111, d.data ?? '150125'],
        [117, `DOC${i + 1}`],
        [147, '100125'],
        [153, num(d.valor ?? 0, 13)],
        [176, num(d.tarifa ?? 0, 13)],
        [254, num(d.pago ?? 0, 13)],
        [296, d.credito ?? '160125'],
        [395, seq(i + 2)],
      ]),
    ),
    record(400, [
      [1, '9201237'],
      [395, seq(detalhes.length + 2)],
    ]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A FEBRABAN CNAB 240 return file: header de arquivo/lote, T + U pairs, trailers. */
export function cnab240(detalhes: Detalhe[], banco = '237'): string {
  const lines = [
    record(240, [
      [1, `${banco}00000`],
      [143, '2'],
      [144, '16012025'],
    ]),
    record(240, [[1, `${banco}00011T01`]]),
    ...detalhes.flatMap((d, i) => [
      record(240, [
        [1, `${banco}00013${String(i * 2 + 1).padStart(5, '0')}T 0${d.codigo.slice(1)}`],
        [16, d.codigo],
        [38, d.nossoNumero],
        [59, `DOC${i + 1}`],
        [74, '10012025'],
        [82, num(d.valor ?? 0, 15)],
        [199, num(d.tarifa ?? 0, 15)],
      ]),
      record(240, [
        [1, `${banco}00013${String(i * 2 + 2).padStart(5, '0')}U 0${d.codigo.slice(1)}`],
        [16, d.codigo],
        [78, num(d.pago ?? 0, 15)],
        [138, d.data ?? '15012025'],
        [146, d.credito ?? '16012025'],
      ]),
    ]),
    record(240, [[1, `${banco}00015`]]),
    record(240, [[1, `${banco}99999`]]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
