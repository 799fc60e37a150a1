import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { priceChangeOptions } from '../../services/estoqueTools/alteracaoPreco.ts';
import {
  arquivoBalanca,
  exportacaoBalanca,
  type PedidoBalanca,
} from '../../services/exportacoesFiscais/exportacaoBalanca.ts';
import {
  arquivoTerminal,
  exportacaoTerminal,
  LINHAS_PREVIEW_TERMINAL,
} from '../../services/exportacoesFiscais/exportacaoTerminal.ts';
import { LAYOUTS_BALANCA } from '../../services/exportacoesFiscais/layoutsBalanca.ts';
import type { LayoutTerminal } from '../../services/exportacoesFiscais/layoutTerminal.ts';
import { runScreenTool } from '../../services/screenTools/runScreenTool.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  arquivoResponse,
  balancaBody,
  balancaOpcoesResponse,
  balancaPreviewResponse,
  terminalBody,
  terminalOpcoesResponse,
  terminalPreviewResponse,
} from './schemas.ts';

/** Permission keys: those of the menu entries (schemas/menus/main.menu.json, menu Exportações). */
const BALANCA = 'NFE_EXPORTACAO_BALANCA';
const TERMINAL = 'NFE_EXPORTACAO_TERMINAL';
const tags = ['ExportacoesFiscais'];
/** Lines of the file shown in a preview. */
const AMOSTRA = 20;

interface TerminalBody {
  layout: Partial<LayoutTerminal> & { tipo: LayoutTerminal['tipo'] };
  categoriaId?: number | null;
  marcaId?: number | null;
  somenteAtivos?: boolean;
  somenteComCodigoBarras?: boolean;
}

/**
 * Exportações › Exportação para balança (Toledo MGV5/MGV6 ITENSMGV.TXT, Filizola CADTXT.TXT) and
 * Exportação para terminal (coletor de dados / terminal de consulta de preço). Reading produtos is all
 * they do, so each screen's key at VISUALIZAR opens the screen, previews and downloads the file.
 */
export async function exportacoesFiscaisRoutes(app: FastifyInstance): Promise<void> {
  const access = (key: string) => ({ key, level: PermissionLevel.VISUALIZAR, entityName: 'produto' });

  app.get(
    '/api/ExportacoesFiscais/balanca/opcoes',
    {
      schema: {
        operationId: 'exportacaoBalancaOpcoes',
        tags,
        summary: 'Modelos de balança e categorias para a exportação (chave NFE_EXPORTACAO_BALANCA)',
        response: { 200: balancaOpcoesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      runScreenTool(app, request, access(BALANCA), async (context) => ({
        modelos: Object.entries(LAYOUTS_BALANCA).map(([id, layout]) => ({
          id,
          label: layout.label,
          nomeArquivo: layout.nomeArquivo,
          usaDepartamento: layout.usaDepartamento,
          descricaoMaxima: layout.descricaoMaxima,
        })),
        categorias: (await priceChangeOptions(context)).categorias,
      })),
  );

  const balanca = (request: FastifyRequest) =>
    runScreenTool(app, request, access(BALANCA), (context) =>
      exportacaoBalanca(context, request.body as PedidoBalanca),
    );

  app.post(
    '/api/ExportacoesFiscais/balanca/preview',
    {
      schema: {
        operationId: 'exportacaoBalancaPreview',
        tags,
        summary:
          'Exportação para balança: produtos que vão, avisos dos que ficam de fora e as primeiras linhas',
        body: balancaBody,
        response: { 200: balancaPreviewResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { linhas, ...result } = await balanca(request);
      return { ...result, exportados: result.itens.length, amostra: linhas.slice(0, AMOSTRA) };
    },
  );

  app.post(
    '/api/ExportacoesFiscais/balanca/arquivo',
    {
      schema: {
        operationId: 'exportacaoBalancaArquivo',
        tags,
        summary: 'Exportação para balança: o arquivo do modelo (Windows-1252, CRLF) em base64',
        body: balancaBody,
        response: { 200: arquivoResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => arquivoBalanca(await balanca(request)),
  );

  app.get(
    '/api/ExportacoesFiscais/terminal/opcoes',
    {
      schema: {
        operationId: 'exportacaoTerminalOpcoes',
        tags,
        summary: 'Categorias e marcas para a exportação para terminal (chave NFE_EXPORTACAO_TERMINAL)',
        response: { 200: terminalOpcoesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      runScreenTool(app, request, access(TERMINAL), (context) => priceChangeOptions(context)),
  );

  const terminal = (request: FastifyRequest) => {
    const body = request.body as TerminalBody;
    const pedido = {
      layout: {
        tipo: body.layout.tipo,
        separador: body.layout.separador ?? ';',
        separadorDecimal: body.layout.separadorDecimal ?? ',',
        incluirEstoque: body.layout.incluirEstoque ?? false,
      },
      categoriaId: body.categoriaId,
      marcaId: body.marcaId,
      somenteAtivos: body.somenteAtivos ?? true,
      somenteComCodigoBarras: body.somenteComCodigoBarras ?? true,
    };
    return runScreenTool(app, request, access(TERMINAL), (context) => exportacaoTerminal(context, pedido));
  };

  app.post(
    '/api/ExportacoesFiscais/terminal/preview',
    {
      schema: {
        operationId: 'exportacaoTerminalPreview',
        tags,
        summary: 'Exportação para terminal/coletor: as primeiras linhas, contagens e avisos',
        body: terminalBody,
        response: { 200: terminalPreviewResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await terminal(request);
      return {
        nomeArquivo: result.nomeArquivo,
        total: result.total,
        exportados: result.itens.length,
        itens: result.itens.slice(0, LINHAS_PREVIEW_TERMINAL),
        avisos: result.avisos,
        amostra: result.linhas.slice(0, AMOSTRA),
      };
    },
  );

  app.post(
    '/api/ExportacoesFiscais/terminal/arquivo',
    {
      schema: {
        operationId: 'exportacaoTerminalArquivo',
        tags,
        summary: 'Exportação para terminal/coletor: o arquivo delimitado ou de largura fixa em base64',
        body: terminalBody,
        response: { 200: arquivoResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => arquivoTerminal(await terminal(request)),
  );
}
