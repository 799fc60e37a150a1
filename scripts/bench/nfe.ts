// NF-e bench: build (tax engine + XML 4.00) + sign (A1 opened and RSA-SHA1 signature in a worker thread)
// + validate (pinned PL XSD, xmllint-wasm in its own worker) a 50-item NF-e, one note after another, the
// same services POST /api/NotasFiscais/{id}/xml runs. Prints p50/p95 per stage and in total, and the
// event-loop delay of this process meanwhile (perf_hooks.monitorEventLoopDelay, 1 ms sampling): what an
// API process doing this would see. Goal: event-loop p99 ≤ 50 ms.
// Then (once, NFE_BENCH_SEFAZ=0 skips it) the emission round trip against the local fake SEFAZ: the last
// 50 signed notes sent one by one as a synchronous enviNFe over mutual TLS (the fake validates each against
// the XSD and verifies its signature, as SEFAZ would) and the retEnviNFe read back; p50/p95.
// Usage: npx tsx scripts/bench/nfe.ts [notas=500] [itens=50]

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { calcularTributosNota } from '../../runtime/core/fiscal/calcularTributosNota.ts';
import { montarXmlNfe } from '../../runtime/core/fiscal/montarXmlNfe.ts';
import type { ItemTributavel } from '../../runtime/core/fiscal/tributacaoTipos.ts';
import { assinarXmlNfeInWorker } from '../../runtime/server/fiscal/assinarXmlNfeInWorker.ts';
import { lerRetEnviNFe, montarEnviNFe } from '../../runtime/server/fiscal/sefaz/mensagensSefaz.ts';
import { chamarSefaz } from '../../runtime/server/fiscal/sefaz/soapSefaz.ts';
import { validarXmlNfe } from '../../runtime/server/fiscal/validarXmlNfe.ts';
import { readPkcs12Pem } from '../../runtime/server/services/certificados/readPkcs12.ts';
import { CENARIOS_NFE, dadosNota } from '../../tests/support/cenariosNfe.ts';
import { generateCertificado } from '../../tests/support/generateCertificado.ts';
import { iniciarFakeSefaz } from '../lib/fakeSefaz.ts';

const notas = Number(process.argv[2] ?? 500);
const quantidadeItens = Number(process.argv[3] ?? 50);
const senha = 'bench';
const pfx = generateCertificado({ senha });

// The interstate ST + IPI scenario (the heaviest groups), its item repeated with varying values.
const base = CENARIOS_NFE.find((c) => c.nome.includes('CST 10'))!;
const itensTributaveis: ItemTributavel[] = Array.from({ length: quantidadeItens }, (_, index) => ({
  ...base.tributos.itens[0]!,
  numeroItem: index + 1,
  quantidade: 1 + (index % 7),
  valorUnitario: 10 + index * 1.37,
}));
const itensXml = Array.from({ length: quantidadeItens }, (_, index) => ({
  ...base.itens[0]!,
  codigo: `P${index + 1}`,
  descricao: `Produto de bench ${index + 1}`,
  quantidade: 1 + (index % 7),
  valorUnitario: 10 + index * 1.37,
}));
const cenario = { ...base, tributos: { ...base.tributos, itens: itensTributaveis }, itens: itensXml };

const percentil = (valores: number[], p: number) => {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

const tempos = {
  montar: [] as number[],
  assinar: [] as number[],
  validar: [] as number[],
  total: [] as number[],
};
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const inicio = performance.now();
let invalidas = 0;
const assinadas: string[] = [];
for (let numero = 1; numero <= notas; numero++) {
  const t0 = performance.now();
  const tributos = calcularTributosNota(cenario.tributos);
  const { xml, chave } = montarXmlNfe(dadosNota(cenario, tributos, numero));
  const t1 = performance.now();
  const assinado = await assinarXmlNfeInWorker({ xml, chave, pfx, senha });
  const t2 = performance.now();
  const resultado = await validarXmlNfe(assinado);
  const t3 = performance.now();
  if (!resultado.valido) invalidas++;
  assinadas.push(assinado);
  if (assinadas.length > 50) assinadas.shift();
  tempos.montar.push(t1 - t0);
  tempos.assinar.push(t2 - t1);
  tempos.validar.push(t3 - t2);
  tempos.total.push(t3 - t0);
}
loop.disable();
const segundos = (performance.now() - inicio) / 1000;

console.log(
  `NF-e bench: ${notas} notas de ${quantidadeItens} itens em ${segundos.toFixed(1)} s (${invalidas} inválidas)`,
);
for (const [etapa, valores] of Object.entries(tempos))
  console.log(
    `  ${etapa.padEnd(8)} p50 ${ms(percentil(valores, 50)).padStart(9)}   p95 ${ms(percentil(valores, 95)).padStart(9)}`,
  );
console.log(
  `  event loop (this process) p50 ${ms(loop.percentile(50) / 1e6)}  p99 ${ms(loop.percentile(99) / 1e6)}  max ${ms(loop.max / 1e6)}`,
);

if (process.env.NFE_BENCH_SEFAZ !== '0') {
  const fake = await iniciarFakeSefaz();
  const senhaTls = 'tls';
  const { privateKeyPem, certificatePem } = readPkcs12Pem(
    fake.emitirCertificadoA1({ senha: senhaTls }),
    senhaTls,
  );
  const tls = { key: privateKeyPem, cert: certificatePem, ca: fake.caPem };
  const idas: number[] = [];
  let autorizadas = 0;
  for (const [indice, nfe] of assinadas.entries()) {
    const t0 = performance.now();
    const resposta = await chamarSefaz({
      url: `${fake.url}/homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx`,
      servico: 'NFeAutorizacao4',
      mensagem: montarEnviNFe(nfe, String(indice + 1), true),
      tls,
      timeoutMs: 30_000,
    });
    if (lerRetEnviNFe(resposta.mensagem).protocolo?.cStat === 100) autorizadas++;
    idas.push(performance.now() - t0);
  }
  await fake.close();
  console.log(
    `  emissão → fake SEFAZ (mTLS, XSD + assinatura no fake) ${idas.length} notas, ${autorizadas} autorizadas: p50 ${ms(percentil(idas, 50))}  p95 ${ms(percentil(idas, 95))}`,
  );
}
process.exit(0);
