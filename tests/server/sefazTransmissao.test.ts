import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaveEmGrupos } from '../../runtime/server/fiscal/danfe/danfeTexto.ts';
import { lerRetConsStatServ, montarConsStatServ } from '../../runtime/server/fiscal/sefaz/mensagensSefaz.ts';
import { chamarSefaz } from '../../runtime/server/fiscal/sefaz/soapSefaz.ts';
import { workSefazJobs } from '../../runtime/server/fiscal/sefazJobs.ts';
import { type DomainEvent, domainEvents } from '../../runtime/server/postings/domainEvents.ts';
import { readPkcs12Pem } from '../../runtime/server/services/certificados/readPkcs12.ts';
import { type FakeSefaz, iniciarFakeSefaz, verificarAssinaturas } from '../../scripts/lib/fakeSefaz.ts';
import { entradaEstoque } from '../support/entradaEstoque.ts';
import {
  CERVEJA,
  cadastrarClientePaulista,
  enviarCertificadoA1,
  prepararEmissaoFiscal,
} from '../support/fiscalFixture.ts';
import { pdfPages } from '../support/reportFiles.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The SEFAZ client against the local fake SEFAZ (real HTTPS with mutual TLS, real PostgreSQL, pg-boss
 * jobs): the round trip — pedido, faturar, emitir, lote 103/105/100 through the job, stock and
 * títulos launched once, nfeProc with protNFe, cancel → 135 and the launches reversed — NFC-e
 * synchronous, rejections with their cStat message, 204 adopting the protocol, SVC and offline
 * contingency with later transmission, a nota never numbered twice when SEFAZ hangs, carta de correção,
 * inutilização, status, tenant isolation; every XML the fake received valid against the pinned PL and signed.
 */
let server: TestServer;
let fake: FakeSefaz;
let token: string;
let tokenVerde: string;
/** Domain events emitted in this process (the launches of the SEFAZ flow are announced like the action routes'). */
const eventos: DomainEvent[] = [];
type Body = Record<string, unknown>;
const { api, ok, fails, system } = testApi(() => ({ server, token }));

const HOST_NFE_SP = 'homologacao.nfe.fazenda.sp.gov.br';
const HOST_NFCE_SP = 'homologacao.nfce.fazenda.sp.gov.br';
const HOST_SVC_AN = 'hom.sefazvirtual.fazenda.gov.br';

let empresaId = 0;
let filialId = 0;
let produtoId = 0;
let clienteId = 0;
let depositoId = 0;
let naturezaId = 0;

const nota = (id: number) => system<Body>('SELECT * FROM nota_fiscal WHERE id = $1', [id]).then((r) => r[0]!);
const proximoNfe = async () =>
  Number((await system<{ n: number }>('SELECT proximo_numero_nfe AS n FROM configuracao_nfe'))[0]!.n);
const contingencia = (ligada: boolean) =>
  system('UPDATE configuracao_nfe SET contingencia_automatica = $1', [ligada]);

/** Waits (no timing asserted) until the nota reaches `situacao`, or fails naming where it stopped. */
async function aguardarSituacao(id: number, situacao: number): Promise<Body> {
  const limite = Date.now() + 45_000;
  for (;;) {
    const row = await nota(id);
    if (Number(row.situacao) === situacao) return row;
    if (Date.now() > limite)
      throw new Error(`nota ${id} ficou na situação ${row.situacao} (${row.motivo_rejeicao ?? ''})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A nota fiscal de saída typed directly (no pedido): one item of the test product. */
async function criarNota(quantidade = 2, valorUnitario = 25, destinatarioId?: number): Promise<number> {
  const [row] = await system<{ id: number }>(
    `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, finalidade, natureza_operacao_id, destinatario_id,
            data_emissao, valor_produtos, valor_total, modalidade_frete, situacao, valor_frete, valor_desconto)
     VALUES ($1, $2, 1, 1, $3, $4, now(), $5, $5, 9, 0, 0, 0) RETURNING id::int AS id`,
    [empresaId, filialId, naturezaId, destinatarioId ?? clienteId, quantidade * valorUnitario],
  );
  await system(
    `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, produto_id, codigo, descricao,
            cfop, unidade, quantidade, valor_unitario, valor_total)
     SELECT $1, $2, $3, 1, p.id, p.codigo, p.descricao, '5102', 'UN', $5::numeric, $6::numeric, $5::numeric * $6::numeric
       FROM produto p WHERE p.id = $4`,
    [empresaId, filialId, row!.id, produtoId, quantidade, valorUnitario],
  );
  return row!.id;
}

const emitir = (id: number, body: Body = {}) => api('POST', `/api/NotasFiscais/${id}/emitir`, body);

beforeAll(async () => {
  fake = await iniciarFakeSefaz();
  server = await createTestServer({
    jobs: {},
    config: { sefazUrlBase: fake.url, sefazCa: fake.caPem, sefazTimeoutMs: 3_000, sefazRetrySeconds: 1 },
  });
  await workSefazJobs({
    db: server.db,
    config: server.config,
    jobs: server.jobs!,
    schemas: server.tenants.schemaFiles,
    ...(server.app.webhookOutbox ? { webhookOutbox: server.app.webhookOutbox } : {}),
  });
  domainEvents.on('*', (evento: DomainEvent) => eventos.push(evento));
  token = await login(server.app, 'demo@erp.local');
  tokenVerde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const fiscal = await prepararEmissaoFiscal(system, {
    configuracao: { proximoNumeroNfe: 1001, proximoNumeroNfce: 5001 },
    produtos: [CERVEJA],
  });
  empresaId = fiscal.empresaId;
  filialId = fiscal.filialId;
  naturezaId = fiscal.naturezaOperacaoId;
  produtoId = fiscal.produtoIds[0]!;
  clienteId = await cadastrarClientePaulista(system, empresaId);
  await ok('POST', '/api/Contas', { descricao: 'Banco SEFAZ' });
  const deposito = await ok('POST', '/api/Depositos', { descricao: 'Loja SEFAZ' });
  depositoId = Number(deposito.id);
  await entradaEstoque(ok, { depositoId, produtoId, quantidade: 100, custoUnitario: 4 });
  await enviarCertificadoA1(ok, fake);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('round trip: pedido → faturar → emitir → lote → autorizada → cancelada', () => {
  let notaId = 0;
  let pedidoId = 0;

  it('emits the invoiced pedido: lote 103, the job polls 105 then 100, stock and títulos launched once', async () => {
    const pedido = await ok('POST', '/api/PedidosVenda', {
      tipo: 0,
      clienteId,
      dataEmissao: '2026-11-20',
      depositoId,
      naturezaOperacaoId: naturezaId,
      condicaoPagamento: '2x',
      lancarPor: 'notaFiscal',
      itens: [
        {
          numeroItem: 1,
          produtoId,
          descricao: 'Cerveja Pilsen 350 ml',
          unidade: 'UN',
          quantidade: 3,
          valorUnitario: 10,
        },
      ],
    });
    pedidoId = Number(pedido.id);
    await ok('POST', `/api/PedidosVenda/${pedidoId}/aprovar`, {});
    await ok('POST', `/api/PedidosVenda/${pedidoId}/faturar`, {});
    const [rascunho] = await system<{ id: number }>(
      'SELECT id::int AS id FROM nota_fiscal WHERE pedido_venda_id = $1',
      [pedidoId],
    );
    notaId = rascunho!.id;
    const antes = await proximoNfe();
    const estado = await ok('POST', `/api/NotasFiscais/${notaId}/emitir`, {});
    expect(estado).toMatchObject({
      situacao: 7,
      situacaoDescricao: 'Em processamento',
      cStat: 103,
      modelo: 55,
    });
    expect(estado.recibo).toMatch(/^\d{15}$/);
    expect(estado.numero).toBe(antes);
    expect(await proximoNfe()).toBe(antes + 1);
    const autorizada = await aguardarSituacao(notaId, 1);
    expect(autorizada.protocolo).toMatch(/^\d{15}$/);
    expect(autorizada.chave).toMatch(/^35\d{4}11222333000181550010{5}\d{4}1\d{9}$/);
    expect(autorizada.xml).toMatch(
      /^<\?xml[^>]*\?><nfeProc xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><NFe /,
    );
    expect(autorizada.xml).toContain(`<nProt>${autorizada.protocolo}</nProt>`);
    expect(verificarAssinaturas(String(autorizada.xml))).toBe(true);
    // Launched once: one stock saída row and the 2 parcelas of the pedido, origem this nota.
    const movimentos = await system<{ n: number }>(
      `SELECT count(*)::int AS n FROM movimentacao_estoque WHERE origem_tipo = 'notaFiscal' AND origem_id = $1`,
      [notaId],
    );
    expect(movimentos[0]!.n).toBe(1);
    const titulos = await system<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, sum(valor) AS total FROM lancamento WHERE origem_tipo = 'notaFiscal' AND origem_id = $1`,
      [notaId],
    );
    expect(titulos[0]).toMatchObject({ n: 2 });
    expect(Number(titulos[0]!.total)).toBe(30);
    expect(autorizada).toMatchObject({
      estoque_lancado_por: 'notaFiscal',
      contas_lancadas_por: 'notaFiscal',
    });
    expect(
      eventos.filter((e) => e.id === notaId && e.event.startsWith('notaFiscal.')).map((e) => e.event),
    ).toEqual(['notaFiscal.lancarEstoque', 'notaFiscal.lancarContas']);
    const servicos = (await ok('GET', `/api/NotasFiscais/${notaId}/transmissoes`)) as unknown as Body[];
    expect(servicos.map((t) => [t.servico, t.cStat])).toEqual([
      ['NFeAutorizacao4', 103],
      ['NFeRetAutorizacao4', 105],
      ['NFeRetAutorizacao4', 100],
    ]);
    expect(servicos[0]!.requisicao).toMatch(
      /^<enviNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><idLote>\d+<\/idLote><indSinc>0<\/indSinc><NFe /,
    );
    expect(servicos[2]!.resposta).toContain('<cStat>104</cStat>');
  });

  it('emitting or consulting again changes nothing: same protocol, nothing launched twice', async () => {
    const antes = await nota(notaId);
    const outra = await ok('POST', `/api/NotasFiscais/${notaId}/emitir`, {});
    expect(outra).toMatchObject({ situacao: 1, protocolo: antes.protocolo, chave: antes.chave });
    const consulta = await ok('POST', `/api/NotasFiscais/${notaId}/consultar`, {});
    expect(consulta).toMatchObject({ situacao: 1, cStat: 100, protocolo: antes.protocolo });
    const [contagem] = await system<{ m: number; l: number }>(
      `SELECT (SELECT count(*) FROM movimentacao_estoque WHERE origem_tipo = 'notaFiscal' AND origem_id = $1)::int AS m,
              (SELECT count(*) FROM lancamento WHERE origem_tipo = 'notaFiscal' AND origem_id = $1)::int AS l`,
      [notaId],
    );
    expect(contagem).toEqual({ m: 1, l: 2 });
  });

  it('an authorised nota is locked for the records API (edit and delete are 409)', async () => {
    const bloqueio = await fails(
      'PATCH',
      `/api/NotasFiscais/${notaId}`,
      { informacoesComplementares: 'x' },
      409,
    );
    expect(bloqueio.message).toMatch(/^Esta nota fiscal foi transmitida à SEFAZ/);
    await fails('DELETE', `/api/NotasFiscais/${notaId}`, undefined, 409);
  });

  it('downloads the authorised nfeProc', async () => {
    const response = await api('GET', `/api/NotasFiscais/${notaId}/nfeProc`);
    expect(response.statusCode).toBe(200);
    const row = await nota(notaId);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${row.chave}-procNFe.xml"`);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toBe(row.xml);
    expect(response.body).toContain('<protNFe versao="4.00"><infProt>');
  });

  it('its DANFE shows the chave in groups; the destinatário got the nfeProc and the DANFE by e-mail', async () => {
    const row = await nota(notaId);
    const danfe = await api('GET', `/api/NotasFiscais/${notaId}/danfe`);
    expect(danfe.statusCode, danfe.body).toBe(200);
    const [pagina] = await pdfPages(danfe.rawPayload);
    expect(pagina).toContain(chaveEmGrupos(String(row.chave)));
    // Queued once the authorisation committed (the file mailer of the test server writes .eml files).
    let mensagens: string[] = [];
    for (let i = 0; i < 100 && mensagens.length === 0; i++) {
      mensagens = (await readdir(server.config.mailDir).catch(() => [] as string[])).filter((nome) =>
        nome.includes('compras@clientepaulista.example'),
      );
      if (mensagens.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mensagens).toHaveLength(1);
    const eml = await readFile(join(server.config.mailDir, mensagens[0]!), 'utf8');
    expect(eml).toContain(`${row.chave}-nf-e.xml`);
    expect(eml).toContain(`${row.chave}-danfe.pdf`);
  });

  it('the authorised nota flows into the SPED file of its month (C100 with its chave and protocol date)', async () => {
    const row = await nota(notaId);
    const emissao = new Date(String(row.data_emissao));
    const periodo = `${emissao.getUTCFullYear()}-${String(emissao.getUTCMonth() + 1).padStart(2, '0')}`;
    const contadores = await system<{ n: number }>(
      'SELECT count(*)::int AS n FROM contador WHERE empresa_id = $1 AND ativo',
      [empresaId],
    );
    if (!contadores[0]?.n)
      await ok('POST', '/api/Contadores', {
        nome: 'Carla Contadora',
        cpf: '52998224725',
        crc: 'SP123456O8',
        ativo: true,
      });
    const response = await api('POST', '/api/ArquivosFiscais/sped/arquivo', {
      periodo,
      finalidade: 0,
      perfil: 'A',
      codigoReceita: '046-2',
      contaEstoque: '1.1.4.01',
      confirmarErros: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const linhas = Buffer.from(response.json().conteudo, 'base64').toString('latin1').split('\r\n');
    const c100 = linhas.filter((linha) => linha.startsWith('|C100|') && linha.includes(String(row.chave)));
    expect(c100).toHaveLength(1);
    // Saída (1), own issue (0), model 55, situação regular (00), série in three positions, the number.
    const campos = (c100[0] as string).split('|');
    expect([campos[2], campos[3], campos[5], campos[6], campos[7], campos[8]]).toEqual([
      '1',
      '0',
      '55',
      '00',
      String(row.serie).padStart(3, '0'),
      String(row.numero),
    ]);
  });

  it('carta de correção: 135 with the next nSeqEvento; a short text is refused before sending', async () => {
    const curta = await fails(
      'POST',
      `/api/NotasFiscais/${notaId}/cartaCorrecao`,
      { correcao: 'Errado' },
      422,
    );
    expect(curta.message).toBe('A correção precisa ter de 15 a 1000 caracteres (tem 6).');
    const primeira = await ok('POST', `/api/NotasFiscais/${notaId}/cartaCorrecao`, {
      correcao: 'Endereço de entrega: Rua B, 200, fundos.',
    });
    expect(primeira).toMatchObject({ cStat: 135, sequencia: 1, situacao: 1 });
    const segunda = await ok('POST', `/api/NotasFiscais/${notaId}/cartaCorrecao`, {
      correcao: 'Endereço de entrega: Rua B, 210, fundos.',
    });
    expect(segunda).toMatchObject({ cStat: 135, sequencia: 2 });
    const cce = fake.recebidos.filter((r) => r.servico === 'NFeRecepcaoEvento4');
    expect(cce.at(-1)!.mensagem).toContain('<xCondUso>A Carta de Correcao e disciplinada');
    expect(cce.at(-1)!.mensagem).toContain('<nSeqEvento>2</nSeqEvento>');
  });

  it('cancels: a short justificativa is 422; event 135 → cancelada, stock back and títulos cancelled', async () => {
    const curta = await fails(
      'POST',
      `/api/NotasFiscais/${notaId}/cancelar`,
      { justificativa: 'Desisti' },
      422,
    );
    expect(curta.message).toBe('A justificativa do cancelamento precisa ter de 15 a 255 caracteres (tem 7).');
    const cancelada = await ok('POST', `/api/NotasFiscais/${notaId}/cancelar`, {
      justificativa: 'Cliente desistiu da compra antes da entrega',
    });
    expect(cancelada).toMatchObject({ cStat: 135, situacao: 2, situacaoDescricao: 'Cancelado', avisos: [] });
    expect(cancelada.protocolo).toMatch(/^\d{15}$/);
    const row = await nota(notaId);
    expect(Number(row.situacao)).toBe(2);
    expect(row).toMatchObject({ estoque_lancado_por: null, contas_lancadas_por: null });
    expect(
      eventos.filter((e) => e.id === notaId && e.event.startsWith('notaFiscal.')).map((e) => e.event),
    ).toEqual([
      'notaFiscal.lancarEstoque',
      'notaFiscal.lancarContas',
      'notaFiscal.estornarEstoque',
      'notaFiscal.estornarContas',
    ]);
    const [saldo] = await system<{ q: string }>(
      `SELECT coalesce(sum(qtd), 0) AS q FROM movimentacao_estoque
        WHERE origem_tipo IN ('notaFiscal', 'notaFiscal.estorno') AND origem_id = $1`,
      [notaId],
    );
    expect(Number(saldo!.q)).toBe(0);
    const abertas = await system<{ n: number }>(
      `SELECT count(*)::int AS n FROM lancamento WHERE origem_id = $1 AND origem_tipo LIKE 'notaFiscal%' AND situacao <> 3`,
      [notaId],
    );
    expect(abertas[0]!.n).toBe(0);
    const transmissoes = (await ok('GET', `/api/NotasFiscais/${notaId}/transmissoes`)) as unknown as Body[];
    const evento = transmissoes.at(-1)!;
    expect(evento).toMatchObject({ servico: 'NFeRecepcaoEvento4', tipoEvento: '110111', cStat: 135 });
    expect(evento.xmlProcessado).toMatch(/<procEventoNFe [^>]*><evento /);
    expect(fake.autorizadas.get(String(row.chave))?.cancelada).toBe(true);
    const deNovo = await fails(
      'POST',
      `/api/NotasFiscais/${notaId}/cancelar`,
      { justificativa: 'Cliente desistiu da compra' },
      409,
    );
    expect(deNovo.message).toBe('Só uma nota autorizada pode ser cancelada; a situação desta é Cancelado.');
  });
});

describe('NFC-e, rejections, duplicidade', () => {
  it('NFC-e is synchronous: 100 in the answer of emitir', async () => {
    const id = await criarNota();
    const estado = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(estado).toMatchObject({
      situacao: 1,
      cStat: 100,
      modelo: 65,
      serie: 2,
      numero: 5001,
      tipoEmissao: 1,
    });
    expect(String(estado.chave).slice(20, 22)).toBe('65');
    const enviado = fake.recebidos.filter((r) => r.servico === 'NFeAutorizacao4').at(-1)!;
    expect(enviado.host).toBe(HOST_NFCE_SP);
    expect(enviado.mensagem).toContain('<indSinc>1</indSinc>');
    expect(enviado.mensagem).toContain('<infNFeSupl><qrCode>');
  });

  it('a rejection keeps SEFAZ’s cStat message; the corrected nota goes again with the same number', async () => {
    const id = await criarNota();
    fake.roteiro.push({ servico: 'NFeAutorizacao4', cStat: 778 });
    const rejeitada = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(rejeitada).toMatchObject({
      situacao: 3,
      situacaoDescricao: 'Rejeitado',
      cStat: 778,
      xMotivo: 'Rejeição: Informado NCM inexistente',
      chave: null,
    });
    expect((await nota(id)).motivo_rejeicao).toBe('778 - Rejeição: Informado NCM inexistente');
    const autorizada = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(autorizada).toMatchObject({ situacao: 1, numero: rejeitada.numero, serie: rejeitada.serie });
  });

  it('204: an answer lost after SEFAZ authorised → the resend adopts the existing protocol', async () => {
    await contingencia(false);
    const id = await criarNota();
    await fake.derrubar('processar-sem-responder', [HOST_NFCE_SP]);
    const semResposta = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(semResposta).toMatchObject({ situacao: 6, situacaoDescricao: 'Erro' });
    expect(semResposta.xMotivo).toMatch(
      /^Sem resposta da SEFAZ \(.+\)\. A nota será reenviada automaticamente com a mesma chave\.$/,
    );
    const chave = String(semResposta.chave);
    const protocolo = fake.autorizadas.get(chave)?.protocolo;
    expect(protocolo).toMatch(/^\d{15}$/);
    await fake.restaurar();
    const adotada = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(adotada).toMatchObject({ situacao: 1, chave, protocolo });
    const servicos = (await ok('GET', `/api/NotasFiscais/${id}/transmissoes`)) as unknown as Body[];
    expect(servicos.map((t) => [t.servico, t.cStat ?? String(t.erro).split(':')[0]])).toEqual([
      ['NFeAutorizacao4', 'conexao'],
      ['NFeAutorizacao4', 204],
      ['NFeConsultaProtocolo4', 100],
    ]);
    await contingencia(true);
  });
});

describe('a process stopped mid-request', () => {
  it('Consultar finds the nota SEFAZ received (consSitNFe) and adopts its protocol; one it never got goes back to Erro', async () => {
    await contingencia(false);
    const recebida = await criarNota();
    await fake.derrubar('processar-sem-responder', [HOST_NFCE_SP]);
    await ok('POST', `/api/NotasFiscais/${recebida}/emitir`, { modelo: 65 });
    const perdida = await criarNota();
    await fake.derrubar('resetar', [HOST_NFCE_SP]);
    await ok('POST', `/api/NotasFiscais/${perdida}/emitir`, { modelo: 65 });
    await fake.restaurar();
    // As if the API process had died between sending and reading the answer: still Em processamento.
    await system('UPDATE nota_fiscal SET situacao = 7 WHERE id = ANY($1)', [[recebida, perdida]]);
    const adotada = await ok('POST', `/api/NotasFiscais/${recebida}/consultar`, {});
    expect(adotada).toMatchObject({ situacao: 1, cStat: 100 });
    expect(adotada.protocolo).toBe(fake.autorizadas.get(String(adotada.chave))?.protocolo);
    const nuncaRecebida = await ok('POST', `/api/NotasFiscais/${perdida}/consultar`, {});
    expect(nuncaRecebida).toMatchObject({
      situacao: 6,
      cStat: 217,
      xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
    });
    expect(await aguardarSituacao(perdida, 1)).toMatchObject({ numero: nuncaRecebida.numero });
    await contingencia(true);
  });
});

describe('contingency and a slow SEFAZ', () => {
  it('NF-e with the SP authorizer refusing connections goes to SVC-AN (tpEmis 6, dhCont, xJust)', async () => {
    const id = await criarNota();
    await fake.derrubar('recusar', [HOST_NFE_SP]);
    const estado = await ok('POST', `/api/NotasFiscais/${id}/emitir`, {});
    await fake.restaurar();
    expect(estado).toMatchObject({ situacao: 7, tipoEmissao: 6, cStat: 103 });
    const autorizada = await aguardarSituacao(id, 1);
    expect(String(autorizada.chave)[34]).toBe('6');
    expect(autorizada.xml).toContain('<tpEmis>6</tpEmis>');
    expect(autorizada.xml).toMatch(
      /<dhCont>[^<]+<\/dhCont><xJust>SEFAZ autorizadora sem resposta: [^<]+<\/xJust>/,
    );
    const enviados = fake.recebidos.filter((r) => r.servico === 'NFeAutorizacao4').slice(-1);
    expect(enviados[0]!.host).toBe(HOST_SVC_AN);
  });

  it('NFC-e offline (tpEmis 9) while SEFAZ is down, transmitted by the job when it is back', async () => {
    const id = await criarNota();
    await fake.derrubar('recusar', [HOST_NFCE_SP]);
    const estado = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(estado).toMatchObject({ situacao: 5, situacaoDescricao: 'Em contingência', tipoEmissao: 9 });
    const chave = String(estado.chave);
    expect(chave[34]).toBe('9');
    expect(fake.autorizadas.has(chave)).toBe(false);
    const [offline] = await system<{ requisicao: string }>(
      `SELECT requisicao FROM nota_fiscal_transmissao WHERE documento_id = $1 AND servico = 'contingenciaOffline'`,
      [id],
    );
    // Offline QR code v2: chave|2|tpAmb|dia|vNF|hex(DigestValue)|idCSC|hash.
    expect(offline!.requisicao).toMatch(
      new RegExp(`qrcode\\?p=${chave}\\|2\\|2\\|\\d{2}\\|50\\.00\\|[0-9a-f]{56}\\|1\\|[0-9A-F]{40}`, 'i'),
    );
    await fake.restaurar();
    const autorizada = await aguardarSituacao(id, 1);
    expect(autorizada.chave).toBe(chave);
    expect(fake.autorizadas.has(chave)).toBe(true);
  });

  it('QR code v3 configured: the offline NFC-e follows it, its fields signed by the A1 (NT 2025.001)', async () => {
    await system(`UPDATE configuracao_nfe SET versao_qr_code_nfce = 3 WHERE filial_id = $1`, [filialId]);
    try {
      const id = await criarNota();
      await fake.derrubar('recusar', [HOST_NFCE_SP]);
      const estado = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
      expect(estado).toMatchObject({ situacao: 5, tipoEmissao: 9 });
      const chave = String(estado.chave);
      const [offline] = await system<{ requisicao: string }>(
        `SELECT requisicao FROM nota_fiscal_transmissao WHERE documento_id = $1 AND servico = 'contingenciaOffline'`,
        [id],
      );
      // chave|3|tpAmb|dia|vNF|tpIdDest|idDest|RSA-SHA1 signature (base64): no CSC id, no SHA-1 hash.
      expect(offline!.requisicao).toMatch(
        new RegExp(
          `qrcode\\?p=${chave}\\|3\\|2\\|\\d{2}\\|50\\.00\\|[123]?\\|[0-9]{0,14}\\|[A-Za-z0-9+/]{100,}={0,2}\\]\\]`,
        ),
      );
      await fake.restaurar();
      const autorizada = await aguardarSituacao(id, 1);
      expect(autorizada.chave).toBe(chave);
      // The fake validated it against the pinned XSD (v3 offline pattern) and verified the QR code's
      // signature with the certificate of the XML before authorising.
      expect(fake.autorizadas.has(chave)).toBe(true);
      const enviada = fake.recebidos.filter(
        (r) => r.servico === 'NFeAutorizacao4' && r.mensagem.includes(chave),
      );
      expect(enviada.map((r) => [r.qrCodeValido, r.cStat])).toEqual([[true, 100]]);
    } finally {
      await fake.restaurar();
      await system(`UPDATE configuracao_nfe SET versao_qr_code_nfce = NULL WHERE filial_id = $1`, [filialId]);
    }
  });

  it('QR code v3 asked for by the emission (the filial has a CSC): its offline contingency keeps v3', async () => {
    const id = await criarNota();
    await fake.derrubar('recusar', [HOST_NFCE_SP]);
    try {
      const estado = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65, versaoQrCode: 3 });
      expect(estado).toMatchObject({ situacao: 5, tipoEmissao: 9 });
      const [offline] = await system<{ requisicao: string }>(
        `SELECT requisicao FROM nota_fiscal_transmissao WHERE documento_id = $1 AND servico = 'contingenciaOffline'`,
        [id],
      );
      expect(offline!.requisicao).toContain(`qrcode?p=${String(estado.chave)}|3|2|`);
      expect(offline!.requisicao).not.toMatch(/\|[0-9A-F]{40}\]\]><\/qrCode>/);
    } finally {
      await fake.restaurar();
    }
    expect(Number((await aguardarSituacao(id, 1)).situacao)).toBe(1);
  });

  it('SEFAZ hanging: concurrent emissions take one number once; the job sends it when SEFAZ answers', async () => {
    await contingencia(false);
    const id = await criarNota();
    const antes = await proximoNfe();
    await fake.derrubar('sem-resposta', [HOST_NFE_SP]);
    const respostas = await Promise.all([emitir(id), emitir(id), emitir(id)]);
    const status = respostas.map((r) => r.statusCode).sort();
    expect(status).toEqual([200, 409, 409]);
    for (const r of respostas.filter((resposta) => resposta.statusCode === 409))
      expect(r.json().error.code).toBe('NOTA_EM_PROCESSAMENTO');
    expect(await proximoNfe()).toBe(antes + 1);
    expect(Number((await nota(id)).situacao)).toBe(6);
    await fake.restaurar();
    const autorizada = await aguardarSituacao(id, 1);
    expect(Number(autorizada.numero)).toBe(antes);
    expect(await proximoNfe()).toBe(antes + 1);
    await contingencia(true);
  });

  it('status do serviço: 107 in operation, 109 when stopped', async () => {
    expect(await ok('GET', `/api/NotasFiscais/statusServico?filialId=${filialId}`)).toMatchObject({
      emOperacao: true,
      cStat: 107,
      xMotivo: 'Serviço em Operação',
      uf: 'SP',
      ambiente: 2,
    });
    await fake.derrubar('109');
    expect(await ok('GET', '/api/NotasFiscais/statusServico?modelo=65')).toMatchObject({
      emOperacao: false,
      cStat: 109,
      xMotivo: 'Serviço Paralisado sem Previsão',
    });
    await fake.restaurar();
  });
});

describe('inutilização, bad input, windows, tenants', () => {
  it('inutiliza a gap (102 stored in Inutilizações); the same range again is rejected; a used number is 409', async () => {
    const curta = await fails(
      'POST',
      '/api/NotasFiscais/inutilizar',
      { modelo: 55, serie: 1, numeroInicial: 1500, numeroFinal: 1502, justificativa: 'Pulou' },
      422,
    );
    expect(curta.message).toBe('A justificativa da inutilização precisa ter de 15 a 255 caracteres (tem 5).');
    const pedido = {
      modelo: 55,
      serie: 1,
      numeroInicial: 1500,
      numeroFinal: 1502,
      justificativa: 'Falha do sistema pulou a numeração',
    };
    const feita = await ok('POST', '/api/NotasFiscais/inutilizar', pedido);
    expect(feita).toMatchObject({ cStat: 102, xMotivo: 'Inutilização de número homologado', situacao: 8 });
    const [row] = await system<Body>('SELECT * FROM inutilizacao WHERE id = $1', [feita.id]);
    expect(row).toMatchObject({
      numero_inicial: 1500,
      numero_final: 1502,
      serie: 1,
      protocolo: feita.protocolo,
    });
    expect(Number(row!.situacao)).toBe(8);
    const enviada = fake.recebidos.filter((r) => r.servico === 'NFeInutilizacao4').at(-1)!;
    expect(enviada.mensagem).toMatch(/<infInut Id="ID35\d{2}11222333000181550010{5}15000{5}1502">/);
    const outra = await fails('POST', '/api/NotasFiscais/inutilizar', pedido, 422);
    expect(outra.message).toBe(
      'A SEFAZ rejeitou a inutilização: 241 - Rejeição: Um número da faixa já foi utilizado',
    );
    const [usada] = await system<{ numero: number }>(
      'SELECT numero::int AS numero FROM nota_fiscal WHERE situacao = 1 AND serie = 1 ORDER BY numero LIMIT 1',
    );
    const conflito = await fails(
      'POST',
      '/api/NotasFiscais/inutilizar',
      { ...pedido, numeroInicial: usada!.numero, numeroFinal: usada!.numero },
      409,
    );
    expect(conflito.message).toBe(
      `O número ${usada!.numero} da série 1 já é de uma nota fiscal (situação Autorizado): não pode ser inutilizado.`,
    );
  });

  it('a product without NCM is 422 naming it, before a number is taken or anything is sent', async () => {
    const id = await criarNota();
    await system('UPDATE produto SET ncm = NULL WHERE id = $1', [produtoId]);
    const antes = { numero: await proximoNfe(), recebidos: fake.recebidos.length };
    const erro = await fails('POST', `/api/NotasFiscais/${id}/emitir`, {}, 422);
    expect(erro.code).toBe('PRODUTO_SEM_NCM');
    expect(await proximoNfe()).toBe(antes.numero);
    expect(fake.recebidos.length).toBe(antes.recebidos);
    expect(Number((await nota(id)).situacao)).toBe(0);
    await system(`UPDATE produto SET ncm = '22030000' WHERE id = $1`, [produtoId]);
  });

  it('an expired certificate or a contribuinte without IE is 422 before anything is sent', async () => {
    const id = await criarNota();
    const antes = fake.recebidos.length;
    await system(`UPDATE certificado_digital SET valido_ate = '2026-01-10T12:00:00Z'`);
    const vencido = await fails('POST', `/api/NotasFiscais/${id}/emitir`, {}, 422);
    expect(vencido.message).toMatch(/^O certificado digital da filial venceu em 10\/01\/2026\./);
    await system(`UPDATE certificado_digital SET valido_ate = now() + interval '1 year'`);
    await system('UPDATE pessoa SET inscricao_estadual = NULL WHERE id = $1', [clienteId]);
    const semIe = await fails('POST', `/api/NotasFiscais/${id}/emitir`, {}, 422);
    expect(semIe.code).toBe('DESTINATARIO_SEM_IE');
    await system(`UPDATE pessoa SET inscricao_estadual = '335.127.905.119' WHERE id = $1`, [clienteId]);
    expect(fake.recebidos.length).toBe(antes);
    expect(Number((await nota(id)).situacao)).toBe(0);
  });

  it('Distribuição DF-e: the notes addressed to the branch since the last NSU become manifestações', async () => {
    const [propria] = await system<{ id: number }>(
      'SELECT id::int AS id FROM pessoa WHERE empresa_id = $1 AND tipo_pessoa = 2 ORDER BY id DESC LIMIT 1',
      [empresaId],
    );
    const id = await criarNota(1, 10, propria!.id);
    const emitida = await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    expect(emitida.situacao).toBe(1);
    const primeira = await ok('POST', '/api/Manifestacoes/sincronizar', {});
    expect(primeira).toMatchObject({ cStat: 138, novas: 1 });
    expect(fake.recebidos.at(-1)).toMatchObject({
      servico: 'NFeDistribuicaoDFe',
      host: 'hom1.nfe.fazenda.gov.br',
      valido: true,
    });
    expect(fake.recebidos.at(-1)!.mensagem).toContain('<ultNSU>000000000000000</ultNSU>');
    const [registro] = await system<Body>(
      'SELECT chave, cnpj_emitente, valor_total, evento FROM manifestacao WHERE chave = $1',
      [emitida.chave],
    );
    expect(registro).toMatchObject({ cnpj_emitente: '11222333000181', evento: null });
    expect(Number(registro!.valor_total)).toBe(10);
    const segunda = await ok('POST', '/api/Manifestacoes/sincronizar', {});
    expect(segunda).toMatchObject({ cStat: 137, novas: 0, ultimoNsu: primeira.ultimoNsu });
    expect(fake.recebidos.at(-1)!.mensagem).toContain(`<ultNSU>${primeira.ultimoNsu}</ultNSU>`);
  });

  it('cancelling after the legal window is 422 naming the deadline', async () => {
    const id = await criarNota();
    await ok('POST', `/api/NotasFiscais/${id}/emitir`, { modelo: 65 });
    // Authorised 40 minutes ago: past the NFC-e's 30 minutes.
    const quarentaMinutos = new Date(Date.now() - 40 * 60_000 - 3 * 3600_000).toISOString().slice(0, 19);
    await system(
      `UPDATE nota_fiscal SET xml = regexp_replace(xml, '<dhRecbto>[^<]+</dhRecbto>', '<dhRecbto>${quarentaMinutos}-03:00</dhRecbto>') WHERE id = $1`,
      [id],
    );
    const erro = await fails(
      'POST',
      `/api/NotasFiscais/${id}/cancelar`,
      { justificativa: 'Cliente desistiu da compra' },
      422,
    );
    expect(erro.code).toBe('PRAZO_CANCELAMENTO_ENCERRADO');
    expect(erro.message).toMatch(
      /^O prazo para cancelar a NFC-e em SP \(30 minutos da autorização em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\) terminou\./,
    );
    const cce = await fails(
      'POST',
      `/api/NotasFiscais/${id}/cartaCorrecao`,
      { correcao: 'Endereço de entrega errado' },
      422,
    );
    expect(cce.message).toBe('A NFC-e não admite carta de correção: cancele e emita outra.');
  });

  it('manifestação do destinatário: ciência (210210) at the Ambiente Nacional; Operação não Realizada needs a justificativa', async () => {
    const [registro] = await system<{ id: number }>(
      `INSERT INTO manifestacao (empresa_id, filial_id, chave, cnpj_emitente, nome_emitente, valor_total)
       VALUES ($1, $2, '35260961234567000117550010000229571915306440', '61234567000117', 'Fornecedor Teste', 100)
       RETURNING id::int AS id`,
      [empresaId, filialId],
    );
    const url = `/api/Manifestacoes/${registro!.id}/manifestar`;
    const curta = await fails('POST', url, { evento: 210240, justificativa: 'Não' }, 422);
    expect(curta.message).toBe(
      'A justificativa da Operação não Realizada precisa ter de 15 a 255 caracteres (tem 3).',
    );
    const ciencia = await ok('POST', url, { evento: 210210 });
    expect(ciencia).toMatchObject({ evento: 210210, cStat: 135 });
    const enviada = fake.recebidos.at(-1)!;
    expect(enviada).toMatchObject({
      servico: 'NFeRecepcaoEvento4',
      host: 'hom1.nfe.fazenda.gov.br',
      valido: true,
    });
    expect(enviada.mensagem).toContain('<cOrgao>91</cOrgao><tpAmb>2</tpAmb><CNPJ>11222333000181</CNPJ>');
    const [row] = await system<Body>('SELECT evento, protocolo FROM manifestacao WHERE id = $1', [
      registro!.id,
    ]);
    expect(row).toEqual({ evento: 210210, protocolo: ciencia.protocolo });
  });

  it('another company gets 404 on every route of a nota', async () => {
    const [alguma] = await system<{ id: number }>(
      'SELECT id::int AS id FROM nota_fiscal WHERE situacao = 1 LIMIT 1',
    );
    const verde = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        headers: { host: 'verde.localhost', authorization: tokenVerde },
        ...(payload ? { payload } : {}),
      });
    for (const [method, rota, payload] of [
      ['POST', 'emitir', {}],
      ['POST', 'consultar', undefined],
      ['POST', 'cancelar', { justificativa: 'Cliente desistiu da compra' }],
      ['POST', 'cartaCorrecao', { correcao: 'Endereço de entrega errado' }],
      ['GET', 'transmissoes', undefined],
      ['GET', 'nfeProc', undefined],
    ] as const) {
      const response = await verde(method, `/api/NotasFiscais/${alguma!.id}/${rota}`, payload);
      expect([rota, response.statusCode]).toEqual([rota, 404]);
    }
    const transmissoes = await server.db.withTenant({ empresaId: empresaId + 1000 }, (tx) =>
      tx.query('SELECT id FROM nota_fiscal_transmissao'),
    );
    expect(transmissoes).toEqual([]);
  });
});

describe('the fake SEFAZ', () => {
  it('rejects a message outside the schema (215) and a tampered signature (297)', async () => {
    const { privateKeyPem, certificatePem } = readPkcs12Pem(fake.emitirCertificadoA1({ senha: 'x' }), 'x');
    const tls = { key: privateKeyPem, cert: certificatePem, ca: fake.caPem };
    const chamar = (servico: 'NFeStatusServico4' | 'NFeAutorizacao4', mensagem: string, host: string) =>
      chamarSefaz({ url: `${fake.url}/${host}/ws/x.asmx`, servico, mensagem, tls, timeoutMs: 5_000 });
    const semUf = montarConsStatServ(2, '35').replace('<cUF>35</cUF>', '');
    const schema = await chamar('NFeStatusServico4', semUf, HOST_NFE_SP);
    expect(lerRetConsStatServ(schema.mensagem)).toMatchObject({
      cStat: 215,
      xMotivo: 'Rejeição: Falha no schema XML',
    });
    expect(fake.recebidos.at(-1)!.erros[0]?.mensagem).toBeTruthy();
    const enviNFe = fake.recebidos.find((r) => r.servico === 'NFeAutorizacao4')!.mensagem;
    const adulterada = enviNFe.replace(/<xProd>[^<]+<\/xProd>/, '<xProd>OUTRO PRODUTO</xProd>');
    const assinatura = await chamar('NFeAutorizacao4', adulterada, HOST_NFE_SP);
    expect(assinatura.mensagem).toContain('<cStat>297</cStat>');
    // A v3 offline QR code whose vNF was changed after signing (infNFeSupl is outside the XML signature).
    const offlineV3 = fake.recebidos.find((r) => r.qrCodeValido === true)!.mensagem;
    const qrAdulterado = offlineV3.replace(/(\?p=[0-9A-Z]{44}\|3\|2\|\d{2}\|)50\.00\|/, '$140.00|');
    expect(qrAdulterado).not.toBe(offlineV3);
    const qr = await chamar('NFeAutorizacao4', qrAdulterado, HOST_NFCE_SP);
    expect(qr.mensagem).toContain('<cStat>583</cStat>');
    expect(fake.recebidos.at(-1)).toMatchObject({ assinaturaValida: true, qrCodeValido: false, cStat: 583 });
  });

  it('every XML the ERP sent was valid against the pinned PL and its signature verified', () => {
    const doErp = fake.recebidos.slice(0, -3);
    expect(doErp.length).toBeGreaterThan(15);
    for (const recebido of doErp) {
      expect([recebido.servico, recebido.schema, recebido.valido, recebido.erros]).toEqual([
        recebido.servico,
        recebido.schema,
        true,
        [],
      ]);
      if (['NFeAutorizacao4', 'NFeRecepcaoEvento4', 'NFeInutilizacao4'].includes(recebido.servico))
        expect([recebido.servico, recebido.assinaturaValida]).toEqual([recebido.servico, true]);
      // Every v3 offline QR code the ERP sent carried a signature that verifies.
      expect(recebido.qrCodeValido).not.toBe(false);
      expect(recebido.cnpjCertificado).toBe('11222333000181');
    }
  });
});
