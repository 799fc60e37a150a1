// DANFE bench: draws the DANFE (A4) of an authorised NF-e — the XML read into the model and laid out with pdfkit,
// in this thread, as the job queue's worker does — for notes of 1, 60 and 990 items (the most an NF-e holds).
// Prints p50/p95 per size, the pages and the PDF size. Usage: npx tsx scripts/bench/danfe.ts [rodadas=30]

import { performance } from 'node:perf_hooks';
import { gerarDanfePdf } from '../../runtime/server/fiscal/danfe/gerarDanfePdf.ts';
import { notaDanfeTeste } from '../../tests/support/notaDanfeTeste.ts';

const rodadas = Number(process.argv[2] ?? 30);
const percentil = (valores: number[], p: number) => {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))]!;
};

for (const itens of [1, 60, 990]) {
  const { xml } = notaDanfeTeste({ itens, ambiente: 1 });
  const tempos: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < (itens === 990 ? Math.max(5, Math.floor(rodadas / 3)) : rodadas); i++) {
    const inicio = performance.now();
    pdf = await gerarDanfePdf(xml);
    tempos.push(performance.now() - inicio);
  }
  const paginas = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  console.log(
    `DANFE ${String(itens).padStart(3)} itens: p50 ${percentil(tempos, 50).toFixed(1)} ms, p95 ${percentil(tempos, 95).toFixed(1)} ms, ${paginas} folha(s), ${(pdf.length / 1024).toFixed(0)} KB`,
  );
}
