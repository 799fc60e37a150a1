/**
 * `npm run fake-sefaz`: the local fake SEFAZ (scripts/lib/fakeSefaz.ts) for running the ERP by hand
 * against it. Prints its port, writes its test CA and an A1 issued by that CA under data/fake-sefaz/, and
 * serves a small control API on 127.0.0.1 (plain HTTP, port FAKE_SEFAZ_CONTROLE_PORT or the next one).
 *
 *   FAKE_SEFAZ_PORT=8443 FAKE_SEFAZ_CNPJ=11222333000181 npm run fake-sefaz
 *   SEFAZ_URL_BASE=https://localhost:8443 SEFAZ_CA_FILE=data/fake-sefaz/ca.pem npm start
 *   curl -X POST 'http://127.0.0.1:8444/fora?modo=108'     # recusar | resetar | sem-resposta | 108 | 109
 *   curl -X POST 'http://127.0.0.1:8444/restaurar'
 *   curl 'http://127.0.0.1:8444/recebidos'
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../runtime/server/schemas/readSchemaFiles.ts';
import { iniciarFakeSefaz, type ModoFora } from './lib/fakeSefaz.ts';

const porta = Number(process.env.FAKE_SEFAZ_PORT ?? 8443);
const cnpj = process.env.FAKE_SEFAZ_CNPJ ?? '11222333000181';
const senha = process.env.FAKE_SEFAZ_SENHA ?? 'segredo123';
const fake = await iniciarFakeSefaz({ porta });
const dir = resolve(REPO_ROOT, process.env.DATA_DIR ?? 'data', 'fake-sefaz');
await mkdir(dir, { recursive: true });
const caminhoCa = join(dir, 'ca.pem');
const caminhoA1 = join(dir, `a1-${cnpj}.pfx`);
await writeFile(caminhoCa, fake.caPem);
await writeFile(caminhoA1, fake.emitirCertificadoA1({ cnpj, senha }));
const modoInicial = process.env.FAKE_SEFAZ_FORA as ModoFora | undefined;
if (modoInicial) await fake.derrubar(modoInicial);

const portaControle = Number(process.env.FAKE_SEFAZ_CONTROLE_PORT ?? fake.porta + 1);
const MODOS: ModoFora[] = ['recusar', 'resetar', 'sem-resposta', '108', '109', 'processar-sem-responder'];
createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const json = (status: number, corpo: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(corpo, null, 1));
  if (req.method === 'POST' && url.pathname === '/fora') {
    const modo = url.searchParams.get('modo') as ModoFora;
    if (!MODOS.includes(modo)) return json(400, { erro: `modo: ${MODOS.join(', ')}` });
    const hosts = url.searchParams.get('hosts');
    await fake.derrubar(modo, hosts ? hosts.split(',') : undefined);
    return json(200, { fora: modo, hosts });
  }
  if (req.method === 'POST' && url.pathname === '/restaurar') {
    await fake.restaurar();
    return json(200, { fora: null });
  }
  if (req.method === 'POST' && url.pathname === '/roteiro') {
    const cStat = Number(url.searchParams.get('cStat'));
    fake.roteiro.push({
      cStat,
      ...(url.searchParams.get('servico') ? { servico: url.searchParams.get('servico') as never } : {}),
    });
    return json(200, { roteiro: fake.roteiro });
  }
  if (req.method === 'GET' && url.pathname === '/recebidos')
    return json(
      200,
      fake.recebidos.map(({ mensagem, ...resto }) => ({ ...resto, bytes: mensagem.length })),
    );
  return json(404, { erro: 'use POST /fora?modo=…, POST /restaurar, POST /roteiro?cStat=…, GET /recebidos' });
}).listen(portaControle, '127.0.0.1');

console.log(`fake SEFAZ em ${fake.url} (mTLS: certificado do cliente emitido pela CA de teste)`);
console.log(`CA de teste: ${caminhoCa}`);
console.log(`A1 de teste do CNPJ ${cnpj} (senha ${senha}): ${caminhoA1}`);
console.log(
  `controle: http://127.0.0.1:${portaControle} (POST /fora?modo=108, POST /restaurar, GET /recebidos)`,
);
console.log(`use: SEFAZ_URL_BASE=${fake.url} SEFAZ_CA_FILE=${caminhoCa} npm start`);
const parar = async () => {
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', parar);
process.on('SIGTERM', parar);
