/**
 * OFX figures (prints, asserts nothing): parsing statements of growing size with ofx-js (SGML 1.x, CP1252
 * decoded), and ranking the candidates of 500 lines among 2 000 open titles and movements.
 * Run: npx tsx scripts/bench/ofx.ts
 */
import {
  type CandidatoConciliacao,
  pontuarCandidatos,
} from '../../runtime/core/financeiro/candidatosConciliacao.ts';
import { decodeOfx, parseOfx } from '../../runtime/core/parseOfx.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (i: number) => `2026${pad(1 + (Math.floor(i / 28) % 12))}${pad(1 + (i % 28))}`;

function statement(lines: number): Buffer {
  const trns = Array.from(
    { length: lines },
    (_, i) =>
      `<STMTTRN>\r\n<TRNTYPE>DEBIT\r\n<DTPOSTED>${day(i)}120000[-3:BRT]\r\n<TRNAMT>-${(i % 997) + 1},${pad(i % 100)}\r\n<FITID>${i}\r\n<MEMO>PAGTO FORNECEDOR ${i} SERVIÇOS\r\n</STMTTRN>`,
  );
  return Buffer.from(
    `OFXHEADER:100\r\nDATA:OFXSGML\r\nCHARSET:1252\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<ACCTID>1</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20261231\r\n${trns.join('\r\n')}\r\n</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>20261231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
    'latin1',
  );
}

const time = (fn: () => unknown, runs = 5) => {
  fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1e6 / runs;
};

for (const lines of [100, 1_000, 5_000, 20_000]) {
  const bytes = statement(lines);
  const ms = time(() => parseOfx(decodeOfx(bytes)), lines > 5_000 ? 2 : 5);
  console.log(
    `parse ${String(lines).padStart(6)} linhas (${(bytes.length / 1024).toFixed(0)} KB): ${ms.toFixed(1)} ms (${((ms * 1000) / lines).toFixed(1)} µs/linha)`,
  );
}

const candidatos: CandidatoConciliacao[] = Array.from({ length: 2_000 }, (_, i) => ({
  tipo: i % 2 ? 'titulo' : 'movimento',
  id: i,
  data: `2026-03-${pad(1 + (i % 28))}`,
  valor: -((i % 997) + 1),
  descricao: `Título ${i}`,
  referencia: String(i),
  pessoaNome: `Fornecedor ${i}`,
  pessoaDocumento: null,
}));
const linhas = Array.from({ length: 500 }, (_, i) => ({
  data: `2026-03-${pad(1 + (i % 28))}`,
  valor: -((i % 997) + 1),
  historico: `PAGTO FORNECEDOR ${i}`,
  documento: String(i),
}));
const ms = time(() => {
  for (const linha of linhas) pontuarCandidatos(linha, candidatos, 5, 10);
});
console.log(
  `pontuar 500 linhas × 2000 candidatos (os 10 melhores por linha, como a tela): ${ms.toFixed(1)} ms (${((ms * 1000) / 500).toFixed(0)} µs/linha)`,
);
