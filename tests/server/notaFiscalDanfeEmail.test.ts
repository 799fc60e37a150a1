import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../runtime/server/db/database.ts';
import { chaveEmGrupos } from '../../runtime/server/fiscal/danfe/danfeTexto.ts';
import { enviarNotaPorEmail } from '../../runtime/server/fiscal/notaFiscalJobs.ts';
import { lerMensagem, type MensagemLida } from '../support/mimeMessage.ts';
import { type NotaDanfeTeste, notaDanfeTeste } from '../support/notaDanfeTeste.ts';
import { pdfPages } from '../support/reportFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * GET /api/NotasFiscais/{id}/danfe (drawn by the job queue from the stored XML, kept, redrawn when the note is
 * cancelled) and the e-mail of XML + DANFE to the destinatário (POST …/enviarEmail and enviarNotaPorEmail, the
 * function the transmission calls) through a real SMTP server.
 */
let server: TestServer;
let smtp: SMTPServer;
const inbox: MensagemLida[] = [];
const tokens: Record<string, string> = {};
const escopo = { empresaId: 0, filialId: 0 };
let autorizada: NotaDanfeTeste;
const notas = { autorizada: 0, semXml: 0, semEmail: 0, nfce: 0 };

const sistema = <T>(fn: (tx: Tx) => Promise<T>) => server.db.withSystem(fn);
const api = (method: 'GET' | 'POST', url: string, token = tokens.demo) =>
  server.app.inject({
    method,
    url,
    headers: { host: token === tokens.verde ? 'verde.localhost' : 'localhost', authorization: token },
  });

async function esperarEmail(quantos: number): Promise<MensagemLida> {
  for (let i = 0; i < 200 && inbox.length < quantos; i++) await new Promise((r) => setTimeout(r, 100));
  expect(inbox.length).toBe(quantos);
  return inbox[quantos - 1]!;
}

async function criarNota(xml: string | null, chave: string | null, destinatarioId: number, numero: number) {
  return sistema(async (tx) => {
    const { id } = await tx.one<{ id: number }>(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, finalidade, destinatario_id, data_emissao, numero,
              serie, chave, situacao, xml, valor_total)
       VALUES ($1, $2, 1, 1, $3, '2026-11-20T13:00:00Z', $4, 1, $5, 1, $6, 100) RETURNING id::int AS id`,
      [escopo.empresaId, escopo.filialId, destinatarioId, numero, chave, xml],
    );
    return id;
  });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (parte: Buffer) => partes.push(parte));
      stream.on('end', () => {
        inbox.push(lerMensagem(Buffer.concat(partes).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await createTestServer({ jobs: {}, config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const ids = await sistema(async (tx) => {
    const usuario = await tx.one<{ empresa_id: number; filial_id: number }>(
      `SELECT empresa_id::int AS empresa_id, filial_selecionada_id::int AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
    );
    const pessoa = (nome: string, cnpj: string, email: string | null) =>
      tx.one<{ id: number }>(
        `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, email) VALUES ($1, 0, $2, $3, $4)
         RETURNING id::int AS id`,
        [usuario.empresa_id, nome, cnpj, email],
      );
    return {
      ...usuario,
      comEmail: (await pessoa('Cliente de Teste', '33000167000101', 'compras@cliente.example')).id,
      semEmail: (await pessoa('Cliente Sem Email', '19827364000178', null)).id,
    };
  });
  escopo.empresaId = ids.empresa_id;
  escopo.filialId = ids.filial_id;
  autorizada = notaDanfeTeste({ itens: 3, ambiente: 1 });
  notas.autorizada = await criarNota(autorizada.xml, autorizada.chave, ids.comEmail, 1301);
  notas.semXml = await criarNota(null, null, ids.comEmail, 1302);
  const outra = notaDanfeTeste({ itens: 1, ambiente: 1, numero: 1303 });
  notas.semEmail = await criarNota(outra.xml, outra.chave, ids.semEmail, 1303);
  const nfce = notaDanfeTeste({ itens: 2, modelo: 65, ambiente: 2, numero: 5001 });
  notas.nfce = await criarNota(nfce.xml, nfce.chave, ids.comEmail, 5001);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('GET /api/NotasFiscais/{id}/danfe', () => {
  it('404 while the note has no XML, naming what to do', async () => {
    const response = await api('GET', `/api/NotasFiscais/${notas.semXml}/danfe`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOTA_SEM_XML' });
    expect(response.json().error.message).toMatch(/gere o XML .* ou transmita a nota/);
  });

  it('the PDF drawn by the queue from the stored nfeProc, kept and served again as stored', async () => {
    const response = await api('GET', `/api/NotasFiscais/${notas.autorizada}/danfe`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${autorizada.chave}-danfe.pdf"`);
    const [pagina] = await pdfPages(response.rawPayload);
    expect(pagina).toContain(chaveEmGrupos(autorizada.chave));
    expect(pagina).not.toContain('CANCELADA');
    const guardado = await sistema((tx) =>
      tx.one<{ gerado_em: string; n: number }>(
        'SELECT max(gerado_em)::text AS gerado_em, count(*)::int AS n FROM nota_fiscal_danfe WHERE nota_fiscal_id = $1',
        [notas.autorizada],
      ),
    );
    expect(guardado.n).toBe(1);
    const again = await api('GET', `/api/NotasFiscais/${notas.autorizada}/danfe`);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    const depois = await sistema((tx) =>
      tx.one<{ gerado_em: string }>(
        'SELECT gerado_em::text FROM nota_fiscal_danfe WHERE nota_fiscal_id = $1',
        [notas.autorizada],
      ),
    );
    expect(depois.gerado_em).toBe(guardado.gerado_em);
  });

  it('a cancelled note is drawn again with the CANCELADA watermark', async () => {
    await sistema((tx) => tx.query('UPDATE nota_fiscal SET situacao = 2 WHERE id = $1', [notas.autorizada]));
    const response = await api('GET', `/api/NotasFiscais/${notas.autorizada}/danfe`);
    expect(response.statusCode).toBe(200);
    expect((await pdfPages(response.rawPayload))[0]).toContain('CANCELADA');
    await sistema((tx) => tx.query('UPDATE nota_fiscal SET situacao = 1 WHERE id = $1', [notas.autorizada]));
  });

  it('an NFC-e gets its DANFCE (80 mm), homologação marked SEM VALOR FISCAL', async () => {
    const response = await api('GET', `/api/NotasFiscais/${notas.nfce}/danfe`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/-danfce\.pdf"$/);
    const [pagina] = await pdfPages(response.rawPayload);
    expect(pagina).toContain('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica');
    expect(pagina).toContain('SEM VALOR FISCAL');
  });

  it('another company does not see the note (404)', async () => {
    const response = await api('GET', `/api/NotasFiscais/${notas.autorizada}/danfe`, tokens.verde);
    expect(response.statusCode).toBe(404);
  });
});

describe('e-mail of XML + DANFE to the destinatário', () => {
  it('POST …/enviarEmail: 202, then the queue sends subject, body and both files', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notas.autorizada}/enviarEmail`);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ para: 'compras@cliente.example' });
    const mensagem = await esperarEmail(1);
    expect(mensagem.to).toContain('compras@cliente.example');
    expect(mensagem.subject).toBe('NF-e nº 1301, série 1 — EMPRESA DEMONSTRACAO LTDA');
    expect(mensagem.text).toContain('EMPRESA DEMONSTRACAO LTDA (CNPJ 11.222.333/0001-81)');
    expect(mensagem.text).toContain('nº 000.001.301, série 001');
    expect(mensagem.text).toContain(`Chave de acesso: ${chaveEmGrupos(autorizada.chave)}`);
    expect(mensagem.text).toContain(`Protocolo de autorização: ${autorizada.protocolo}`);
    const [xml, pdf] = mensagem.anexos;
    expect(xml).toMatchObject({ filename: `${autorizada.chave}-nf-e.xml`, contentType: 'application/xml' });
    expect(xml!.content.toString('utf8')).toBe(autorizada.xml);
    expect(pdf).toMatchObject({ filename: `${autorizada.chave}-danfe.pdf`, contentType: 'application/pdf' });
    expect((await pdfPages(pdf!.content))[0]).toContain(chaveEmGrupos(autorizada.chave));
  });

  it('enviarNotaPorEmail (what the transmission calls once authorised) sends it too', async () => {
    await enviarNotaPorEmail(server.jobs!, escopo, notas.autorizada);
    const mensagem = await esperarEmail(2);
    expect(mensagem.anexos.map((anexo) => anexo.filename)).toEqual([
      `${autorizada.chave}-nf-e.xml`,
      `${autorizada.chave}-danfe.pdf`,
    ]);
  });

  it('a destinatário without e-mail: 422 naming the cadastro', async () => {
    const response = await api('POST', `/api/NotasFiscais/${notas.semEmail}/enviarEmail`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'DESTINATARIO_SEM_EMAIL' });
    expect(response.json().error.message).toMatch(/Cliente Sem Email não tem e-mail válido/);
  });

  it('a note without XML cannot be sent (404)', async () => {
    expect((await api('POST', `/api/NotasFiscais/${notas.semXml}/enviarEmail`)).statusCode).toBe(404);
  });
});
