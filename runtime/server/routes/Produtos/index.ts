import type { FastifyInstance } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import {
  applyPriceChangeTo,
  type PriceChangeFilter,
  previewPriceChange,
  priceChangeOptions,
} from '../../services/estoqueTools/alteracaoPreco.ts';
import { etiquetaModelos, etiquetaProdutos } from '../../services/estoqueTools/etiquetaDados.ts';
import { importFields } from '../../services/importacao/importFields.ts';
import {
  type ImportLine,
  importRecords,
  validateImportLines,
} from '../../services/importacao/importRecords.ts';
import { runScreenTool } from '../../services/screenTools/runScreenTool.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  alteracaoPrecoBody,
  alteracaoPrecoOpcoesResponse,
  alteracaoPrecoResponse,
  etiquetaModelosResponse,
  etiquetaProdutosQuery,
  etiquetaProdutosResponse,
  importacaoBody,
  importacaoCamposResponse,
  importacaoResponse,
} from './schemas.ts';

/** Permission keys: those of the menu entries the screens are (schemas/menus/main.menu.json). */
const ALTERACAO_PRECO = 'VENDAS_ALTERACAO_PRECO';
const IMPORTAR_ARQUIVO = 'ESTOQUE_IMPORTAR_ARQUIVO';
const ETIQUETA_IMPRIMIR = 'ESTOQUE_ETIQUETA_IMPRIMIR';
const tags = ['Produtos'];

interface PriceChangeBody {
  acao: 'preview' | 'aplicar';
  filtro?: PriceChangeFilter;
  regra: {
    tipo: 'percentual' | 'valor';
    operacao: 'aumentar' | 'diminuir' | 'definir';
    quantidade: number;
    recalcularMargens?: boolean;
  };
  skip?: number;
  limit?: number;
}

/**
 * Estoque tools over produtos, each behind its screen's own key: bulk price change (Alteração de preço),
 * CSV import (Importar arquivo) and the data of label printing (Imprimir etiquetas). Registered before the
 * generic records routes; their literal paths win over /api/Produtos/:id.
 */
export async function produtosFerramentasRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Produtos/alteracao-preco',
    {
      schema: {
        operationId: 'produtosAlteracaoPreco',
        tags,
        summary:
          'Alteração de preço em massa: preview (contagens e uma página) ou aplicar (uma transação; chave VENDAS_ALTERACAO_PRECO)',
        body: alteracaoPrecoBody,
        response: { 200: alteracaoPrecoResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body as PriceChangeBody;
      const rule = { ...body.regra, recalcularMargens: body.regra.recalcularMargens ?? false };
      const filter = body.filtro ?? {};
      if (body.acao === 'aplicar') {
        return runScreenTool(
          app,
          request,
          { key: ALTERACAO_PRECO, level: PermissionLevel.ALTERAR, entityName: 'produto' },
          (context) => applyPriceChangeTo(context, filter, rule),
        );
      }
      const page = { skip: body.skip ?? 0, limit: body.limit ?? 50 };
      return runScreenTool(
        app,
        request,
        { key: ALTERACAO_PRECO, level: PermissionLevel.VISUALIZAR, entityName: 'produto' },
        (context) => previewPriceChange(context, filter, rule, page),
      );
    },
  );

  app.get(
    '/api/Produtos/alteracao-preco/opcoes',
    {
      schema: {
        operationId: 'produtosAlteracaoPrecoOpcoes',
        tags,
        summary: 'Categorias e marcas para os filtros da alteração de preço',
        response: { 200: alteracaoPrecoOpcoesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: ALTERACAO_PRECO, level: PermissionLevel.VISUALIZAR, entityName: 'produto' },
        (context) => priceChangeOptions(context),
      ),
  );

  app.get(
    '/api/Produtos/importacao/campos',
    {
      schema: {
        operationId: 'produtosImportacaoCampos',
        tags,
        summary: 'Campos do produto que uma coluna do arquivo CSV pode preencher',
        response: { 200: importacaoCamposResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: IMPORTAR_ARQUIVO, level: PermissionLevel.VISUALIZAR, entityName: 'produto' },
        async (context) => importFields(context.record),
      ),
  );

  app.post(
    '/api/Produtos/importacao',
    {
      schema: {
        operationId: 'produtosImportacao',
        tags,
        summary:
          'Importação de produtos de um arquivo: validar (erros por linha) ou importar (tudo ou nada; chave ESTOQUE_IMPORTAR_ARQUIVO)',
        body: importacaoBody,
        response: { 200: importacaoResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { acao, linhas } = request.body as { acao: 'validar' | 'importar'; linhas: ImportLine[] };
      if (acao === 'importar') {
        const importados = await runScreenTool(
          app,
          request,
          { key: IMPORTAR_ARQUIVO, level: PermissionLevel.CRIAR, entityName: 'produto' },
          (context) => importRecords(context, linhas),
        );
        return { total: linhas.length, validas: importados, invalidas: 0, importados, erros: [] };
      }
      const { erros } = await runScreenTool(
        app,
        request,
        { key: IMPORTAR_ARQUIVO, level: PermissionLevel.VISUALIZAR, entityName: 'produto' },
        (context) => validateImportLines(context, linhas),
      );
      const invalidas = new Set(erros.map((erro) => erro.linha)).size;
      return { total: linhas.length, validas: linhas.length - invalidas, invalidas, importados: 0, erros };
    },
  );

  app.get(
    '/api/Produtos/etiquetas/modelos',
    {
      schema: {
        operationId: 'produtosEtiquetasModelos',
        tags,
        summary: 'Modelos de etiqueta para a impressão (chave ESTOQUE_ETIQUETA_IMPRIMIR)',
        response: { 200: etiquetaModelosResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: ETIQUETA_IMPRIMIR, level: PermissionLevel.VISUALIZAR, entityName: 'produto' },
        (context) => etiquetaModelos(context),
      ),
  );

  app.get(
    '/api/Produtos/etiquetas/produtos',
    {
      schema: {
        operationId: 'produtosEtiquetasProdutos',
        tags,
        summary: 'Produtos ativos para etiquetas: busca por descrição, código ou GTIN, ou ids escolhidos',
        querystring: etiquetaProdutosQuery,
        response: { 200: etiquetaProdutosResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { busca, ids, limit } = request.query as { busca?: string; ids?: string; limit?: number };
      return runScreenTool(
        app,
        request,
        { key: ETIQUETA_IMPRIMIR, level: PermissionLevel.VISUALIZAR, entityName: 'produto' },
        (context) =>
          etiquetaProdutos(context, {
            busca,
            ids: ids ? ids.split(',').map(Number) : undefined,
            limit: ids ? 200 : (limit ?? 20),
          }),
      );
    },
  );
}
