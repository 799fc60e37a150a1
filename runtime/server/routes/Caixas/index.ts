import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { danfeArmazenado, gerarDanfeArmazenado, notaComXml } from '../../fiscal/danfe/danfeDaNota.ts';
import { agendarDanfe } from '../../fiscal/notaFiscalJobs.ts';
import {
  type EstadoNota,
  emitirNotaFiscal,
  ROTULO_SITUACAO,
  type ServicosTransmissao,
  SITUACAO,
} from '../../fiscal/transmissaoNotaFiscal.ts';
import { type AbrirCaixaInput, abrirCaixa } from '../../postings/pdv/caixaAbrir.ts';
import { type FecharCaixaInput, fecharCaixa } from '../../postings/pdv/caixaFechar.ts';
import { type MovimentoGavetaInput, movimentarGaveta } from '../../postings/pdv/caixaMovimentar.ts';
import { caixaResumo, type ResumoCaixa, resumoParaQuemVe } from '../../postings/pdv/caixaResumo.ts';
import { buscarProdutosFrente, cadastrosFrente } from '../../postings/pdv/frenteCaixa.ts';
import {
  precificarVenda,
  previaDaVenda,
  type VendaPdv,
  type VenderInput,
  venderNoCaixa,
} from '../../postings/pdv/pdvVender.ts';
import { runScreenTool } from '../../services/screenTools/runScreenTool.ts';
import { errorResponses } from '../errorResponses.ts';
import { idempotencyHeaders, runFinanceiroPosting } from '../Lancamentos/financeiroPostings.ts';
import {
  abrirBody,
  cadastrosFrenteResponse,
  caixaParams,
  fecharBody,
  gavetaBody,
  previaBody,
  previaResponse,
  produtosFrenteQuery,
  produtosFrenteResponse,
  resumoCaixaResponse,
  vendaResponse,
  venderBody,
} from './schemas.ts';

const tags = ['Caixas'];
/** Permission of Vendas › Frente de caixa. */
const PERMISSAO = 'VENDAS_FRENTE_CAIXA';
const acesso = (level: number) => ({ key: PERMISSAO, level, entityName: 'caixa' });
/** Who sees what a blind PDV hides from its operator (resumoParaQuemVe): access to Vendas › Caixas. */
const SUPERVISAO = 'VENDAS_CAIXAS';
/** The summary of a session as the caller may see it (fechamento cego). */
const paraQuem =
  (request: FastifyRequest) =>
  (resumo: ResumoCaixa): ResumoCaixa =>
    resumoParaQuemVe(resumo, checkPermission(request.auth, SUPERVISAO, PermissionLevel.VISUALIZAR));

/**
 * The Frente de caixa (issue 17 PDV, flows.md §4): abrir a session, sangria and suprimento, the summary with
 * the expected amount per payment method, fechar with counted vs expected, and the counter sale — posted in one
 * transaction (NFC-e document, stock, cash movements) under a required Idempotency-Key, then its NFC-e emitted
 * through the SEFAZ transmission (offline contingency when SEFAZ does not answer).
 */
export async function caixasRoutes(app: FastifyInstance): Promise<void> {
  const servicos = (): ServicosTransmissao => ({
    db: app.db,
    config: app.config,
    schemas: app.tenants.schemaFiles,
    ...(app.jobs ? { jobs: app.jobs } : {}),
    ...(app.webhookOutbox ? { webhookOutbox: app.webhookOutbox } : {}),
    ...(app.realtime ? { realtime: app.realtime } : {}),
    log: app.log,
  });

  app.post(
    '/api/Caixas/abrir',
    {
      schema: {
        operationId: 'caixasAbrir',
        tags,
        summary: 'Abre o caixa de um PDV para um operador com o fundo de troco (um caixa aberto por PDV)',
        headers: idempotencyHeaders,
        body: abrirBody,
        response: { 200: resumoCaixaResponse, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request, reply) =>
      runFinanceiroPosting(app, request, reply, acesso(PermissionLevel.CRIAR), (context) =>
        abrirCaixa(context, request.body as AbrirCaixaInput).then(paraQuem(request)),
      ),
  );

  app.get(
    '/api/Caixas/frente/cadastros',
    {
      schema: {
        operationId: 'caixasFrenteCadastros',
        tags,
        summary:
          'Os PDVs ativos da filial (com o caixa aberto de cada um), os operadores e as formas de pagamento da Frente de caixa',
        response: { 200: cadastrosFrenteResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => runScreenTool(app, request, acesso(PermissionLevel.VISUALIZAR), cadastrosFrente),
  );

  app.get(
    '/api/Caixas/frente/produtos',
    {
      schema: {
        operationId: 'caixasFrenteProdutos',
        tags,
        summary:
          'Busca de produtos da Frente de caixa (F3): descrição, início do código ou código de barras; 20 no máximo',
        querystring: produtosFrenteQuery,
        response: { 200: produtosFrenteResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) =>
      runScreenTool(app, request, acesso(PermissionLevel.VISUALIZAR), (context) =>
        buscarProdutosFrente(context, (request.query as { texto: string }).texto),
      ),
  );

  app.get(
    '/api/Caixas/:id/resumo',
    {
      schema: {
        operationId: 'caixasResumo',
        tags,
        summary: 'O caixa com o valor esperado por forma de pagamento, as vendas da sessão e o fechamento',
        params: caixaParams,
        response: { 200: resumoCaixaResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      runScreenTool(app, request, acesso(PermissionLevel.VISUALIZAR), (context) =>
        caixaResumo(context, (request.params as { id: number }).id).then(paraQuem(request)),
      ),
  );

  for (const tipo of ['sangria', 'suprimento'] as const)
    app.post(
      `/api/Caixas/:id/${tipo}`,
      {
        schema: {
          operationId: tipo === 'sangria' ? 'caixasSangria' : 'caixasSuprimento',
          tags,
          summary:
            tipo === 'sangria'
              ? 'Sangria: retira dinheiro da gaveta com motivo (no máximo o dinheiro na gaveta)'
              : 'Suprimento: põe dinheiro na gaveta com motivo',
          headers: idempotencyHeaders,
          params: caixaParams,
          body: gavetaBody,
          response: { 200: resumoCaixaResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      (request, reply) =>
        runFinanceiroPosting(app, request, reply, acesso(PermissionLevel.CRIAR), (context) =>
          movimentarGaveta(
            context,
            (request.params as { id: number }).id,
            tipo,
            request.body as MovimentoGavetaInput,
          ).then(paraQuem(request)),
        ),
    );

  app.post(
    '/api/Caixas/:id/fechar',
    {
      schema: {
        operationId: 'caixasFechar',
        tags,
        summary:
          'Fecha o caixa: guarda o contado, o esperado e a diferença de cada forma de pagamento; depois o caixa não recebe mais vendas',
        headers: idempotencyHeaders,
        params: caixaParams,
        body: fecharBody,
        response: { 200: resumoCaixaResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request, reply) =>
      runFinanceiroPosting(app, request, reply, acesso(PermissionLevel.CRIAR), (context) =>
        fecharCaixa(context, (request.params as { id: number }).id, request.body as FecharCaixaInput).then(
          paraQuem(request),
        ),
      ),
  );

  app.post(
    '/api/Caixas/:id/vendas/previa',
    {
      schema: {
        operationId: 'caixasPreviaVenda',
        tags,
        summary:
          'Os itens da venda com o preço de hoje (promoções), os descontos conferidos com o limite do perfil e o total; nada é lançado',
        params: caixaParams,
        body: previaBody,
        response: { 200: previaResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      runScreenTool(app, request, acesso(PermissionLevel.CRIAR), async (context) =>
        previaDaVenda(
          await precificarVenda(context, (request.params as { id: number }).id, request.body as VenderInput),
        ),
      ),
  );

  app.post(
    '/api/Caixas/:id/vendas',
    {
      schema: {
        operationId: 'caixasVender',
        tags,
        summary:
          'Venda no caixa aberto: lança a NFC-e, a saída de estoque do depósito do PDV e os pagamentos (troco só do dinheiro) numa transação, depois emite a NFC-e (contingência offline se a SEFAZ não responder). Exige Idempotency-Key: repetir a venda com a mesma chave não lança de novo',
        headers: idempotencyHeaders,
        params: caixaParams,
        body: venderBody,
        response: { 200: vendaResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      if (!request.headers['idempotency-key'])
        throw new HttpError(
          400,
          'IDEMPOTENCY_KEY_OBRIGATORIA',
          'Envie o cabeçalho Idempotency-Key (um UUID gerado para esta venda): se a resposta se perder, a mesma venda é reenviada com a mesma chave e não é lançada duas vezes.',
        );
      const venda = await runFinanceiroPosting(
        app,
        request,
        reply,
        acesso(PermissionLevel.CRIAR),
        (context) =>
          venderNoCaixa(context, (request.params as { id: number }).id, request.body as VenderInput),
      );
      return emitirVenda(request, venda);
    },
  );

  app.get(
    '/api/Caixas/:id/vendas/:notaFiscalId/danfce',
    {
      schema: {
        operationId: 'caixasDanfceVenda',
        tags,
        summary:
          'DANFCE (PDF, 80 mm) de uma venda deste caixa, para a frente de caixa imprimir sem a permissão de NF-e',
        params: {
          type: 'object',
          required: ['id', 'notaFiscalId'],
          properties: { id: caixaParams.properties.id, notaFiscalId: caixaParams.properties.id },
        },
        response: {
          200: {
            description: 'O PDF do DANFCE',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(400, 401, 403, 404, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { id, notaFiscalId } = request.params as { id: number; notaFiscalId: number };
      const escopo = await runScreenTool(
        app,
        request,
        acesso(PermissionLevel.VISUALIZAR),
        async (context) => {
          const venda = await context.tx.maybeOne(
            'SELECT 1 FROM nota_fiscal WHERE id = $1 AND caixa_id = $2 AND filial_id = $3',
            [notaFiscalId, id, context.scope.filialId],
          );
          if (!venda)
            throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Venda não encontrada neste caixa.');
          return {
            empresaId: context.scope.empresaId,
            filialId: context.scope.filialId!,
            usuarioId: context.scope.usuarioId,
          };
        },
      );
      const nota = await notaComXml(app.db, escopo, notaFiscalId);
      let pdf = (await danfeArmazenado(app.db, escopo, nota)).pdf;
      if (!pdf && app.jobs) {
        // Drawn by the job queue (as GET /api/NotasFiscais/{id}/danfe): asked and waited for a while.
        await agendarDanfe(app.jobs, escopo, notaFiscalId);
        const limite = Date.now() + 30_000;
        while (!pdf && Date.now() < limite) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          pdf = (await danfeArmazenado(app.db, escopo, nota)).pdf;
        }
        if (!pdf) {
          reply.header('retry-after', '10');
          throw new HttpError(
            503,
            'DANFE_EM_GERACAO',
            'O DANFCE está sendo gerado. Tente novamente em alguns segundos.',
          );
        }
      }
      pdf ??= await gerarDanfeArmazenado(app.db, escopo, notaFiscalId);
      reply.headers({
        'content-disposition': `inline; filename="${nota.chave ?? `nfce-${notaFiscalId}`}-danfce.pdf"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      return reply.type('application/pdf').send(pdf);
    },
  );

  /**
   * The sale's NFC-e after the commit: emitted when never sent (the first request, or a retry whose first
   * attempt stopped before emitting), otherwise its state as stored. A refusal of the emission (registration,
   * certificate, schema) leaves the sale posted and comes back as erroNfce, for the cashier to fix and resend.
   */
  async function emitirVenda(request: FastifyRequest, venda: VendaPdv) {
    const auth = request.auth!;
    const escopo = { empresaId: auth.empresaId, filialId: auth.filialId!, usuarioId: auth.usuarioId };
    const atual = await app.db.withTenant(
      escopo,
      (tx) =>
        tx.one<{ situacao: number; chave: string | null; protocolo: string | null; motivo: string | null }>(
          `SELECT situacao::int AS situacao, chave, protocolo, motivo_rejeicao AS motivo FROM nota_fiscal WHERE id = $1`,
          [venda.notaFiscalId],
        ),
      { readOnly: true },
    );
    if (atual.situacao !== SITUACAO.EM_DIGITACAO) {
      const nfce: EstadoNota = {
        id: venda.notaFiscalId,
        situacao: atual.situacao,
        situacaoDescricao: ROTULO_SITUACAO[atual.situacao] ?? String(atual.situacao),
        modelo: 65,
        serie: venda.serie,
        numero: venda.numero,
        chave: atual.chave,
        protocolo: atual.protocolo,
        tipoEmissao: atual.chave ? Number(atual.chave.slice(34, 35)) : null,
        cStat: null,
        xMotivo: atual.motivo,
        recibo: null,
        avisos: [],
      };
      return { venda, nfce, erroNfce: null };
    }
    try {
      const nfce = await emitirNotaFiscal(servicos(), escopo, venda.notaFiscalId, { modelo: 65 });
      return { venda, nfce, erroNfce: null };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { venda, nfce: null, erroNfce: error.message };
    }
  }
}
