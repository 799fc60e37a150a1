import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { arquivoSintegra, type PedidoSintegra } from '../../services/arquivosFiscais/arquivoSintegra.ts';
import { arquivoSped, type PedidoSped } from '../../services/arquivosFiscais/arquivoSped.ts';
import {
  assertFilialFiscal,
  type EmitenteFiscal,
  emitenteFiscal,
  filiaisFiscais,
} from '../../services/arquivosFiscais/emitenteFiscal.ts';
import { latin1Bytes } from '../../services/arquivosFiscais/formatoArquivo.ts';
import { inscricoesInvalidas } from '../../services/arquivosFiscais/inscricoesInvalidas.ts';
import { problemasArquivo } from '../../services/arquivosFiscais/validadorArquivo.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  arquivoFiscalResponse,
  inscricoesInvalidasQuery,
  inscricoesInvalidasResponse,
  opcoesResponse,
  sintegraBody,
  sintegraPreviewResponse,
  spedBody,
  spedPreviewResponse,
} from './schemas.ts';

/** Permission keys of the menu entries (schemas/menus/main.menu.json, menu Exportações; accountants too). */
const SPED = 'NFE_ARQUIVO_SPED';
const SINTEGRA = 'NFE_ARQUIVO_SINTEGRA';
const tags = ['ArquivosFiscais'];
/** Lines of the file shown in a preview. */
const AMOSTRA = 30;

interface Resultado {
  nomeArquivo: string;
  linhas: string[];
  registros: Array<{ registro: string; quantidade: number }>;
  totais: object;
  avisos: Array<{ referencia: string; mensagem: string }>;
}

/**
 * Runs a generator for the branch of the body (default: the session's) inside a tenant transaction set to
 * that branch, so RLS keeps every read to the user's company and that branch; 404 for a branch the user
 * may not use.
 */
async function comFilial<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  key: string,
  fn: (tx: Tx, emitente: EmitenteFiscal) => Promise<T>,
): Promise<T> {
  const auth = requirePermission(request, key, PermissionLevel.VISUALIZAR);
  const filialId = (request.body as { filialId?: number }).filialId ?? auth.filialId;
  if (!filialId)
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione a filial do arquivo para continuar.');
  const scope = { empresaId: auth.empresaId, filialId, usuarioId: auth.usuarioId };
  return app.db.withTenant(scope, async (tx) => {
    await assertFilialFiscal(tx, auth, filialId);
    return fn(tx, await emitenteFiscal(tx, filialId));
  });
}

/** Where a problem is, as the user reads it: "registro 0150, linha 6, campo COD_MUN", or what it is about. */
function localDoProblema(problema: { registro: string; linha: number; campo: string }): string {
  const partes = [
    problema.registro ? `registro ${problema.registro}` : '',
    problema.linha > 0 ? `linha ${problema.linha}` : '',
    problema.campo ? (problema.registro ? `campo ${problema.campo}` : problema.campo) : '',
  ].filter(Boolean);
  return partes.length ? partes.join(', ') : 'arquivo';
}

const previewOf = (tipo: 'sped' | 'sintegra', resultado: Resultado) => {
  const problemas = problemasArquivo(tipo, resultado.linhas, resultado.avisos).map((problema) => ({
    ...problema,
    gravidade: problema.tipo === 'erro' ? ('Erro' as const) : ('Advertência' as const),
    local: localDoProblema(problema),
  }));
  return {
    ...previewBase(resultado),
    problemas,
    erros: problemas.filter((problema) => problema.tipo === 'erro').length,
    advertencias: problemas.filter((problema) => problema.tipo === 'advertencia').length,
  };
};

const previewBase = (resultado: Resultado) => ({
  nomeArquivo: resultado.nomeArquivo,
  totalLinhas: resultado.linhas.length,
  registros: resultado.registros,
  totais: resultado.totais,
  avisos: resultado.avisos,
  amostra: resultado.linhas.slice(0, AMOSTRA),
});

/**
 * The file, once the validator has run: 422 while it has errors, unless the user confirmed the download
 * knowing the official validator will reject it.
 */
const arquivoOf = (tipo: 'sped' | 'sintegra', resultado: Resultado, confirmarErros: boolean | undefined) => {
  const erros = problemasArquivo(tipo, resultado.linhas, []).filter((problema) => problema.tipo === 'erro');
  if (erros.length > 0 && !confirmarErros)
    throw new HttpError(
      422,
      'ARQUIVO_COM_ERROS',
      `O arquivo tem ${erros.length} erro(s) de validação e será rejeitado pelo ${tipo === 'sped' ? 'PVA do SPED' : 'validador do Sintegra'}: confira a pré-visualização e corrija-os, ou confirme que deseja baixá-lo mesmo assim.`,
    );
  return arquivoBase(resultado);
};

const arquivoBase = (resultado: Resultado) => ({
  nomeArquivo: resultado.nomeArquivo,
  codificacao: 'iso-8859-1',
  linhas: resultado.linhas.length,
  avisos: resultado.avisos.length,
  conteudo: latin1Bytes(resultado.linhas).toString('base64'),
});

/**
 * Fiscais › Arquivo SPED (EFD ICMS/IPI of one branch and month) and Arquivo Sintegra (Convênio ICMS
 * 57/95): options, a preview (counts per register, ICMS totals, warnings, first lines) and the file.
 */
export async function arquivosFiscaisRoutes(app: FastifyInstance): Promise<void> {
  for (const [tipo, key] of [
    ['sped', SPED],
    ['sintegra', SINTEGRA],
  ] as const) {
    app.get(
      `/api/ArquivosFiscais/${tipo}/opcoes`,
      {
        schema: {
          operationId: `arquivo${tipo === 'sped' ? 'Sped' : 'Sintegra'}Opcoes`,
          tags,
          summary: `Filiais para as quais o usuário pode gerar o arquivo (chave ${key})`,
          response: { 200: opcoesResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const auth = requirePermission(request, key, PermissionLevel.VISUALIZAR);
        const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
        const filiais = await app.db.withTenant(scope, (tx) => filiaisFiscais(tx, auth));
        const selecionada = filiais.some((filial) => filial.id === auth.filialId) ? auth.filialId : null;
        return { filiais, filialSelecionada: selecionada ?? filiais[0]?.id ?? null };
      },
    );
  }

  app.get(
    '/api/ArquivosFiscais/inscricoesInvalidas',
    {
      schema: {
        operationId: 'arquivoFiscalInscricoesInvalidas',
        tags,
        summary:
          'Pessoas com inscrição estadual inválida para a UF (dígito verificador, formato), para corrigir antes de gerar SPED ou Sintegra',
        querystring: inscricoesInvalidasQuery,
        response: { 200: inscricoesInvalidasResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      let auth: ReturnType<typeof requirePermission>;
      try {
        auth = requirePermission(request, SPED, PermissionLevel.VISUALIZAR);
      } catch {
        auth = requirePermission(request, SINTEGRA, PermissionLevel.VISUALIZAR);
      }
      const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
      const pessoas = await app.db.withTenant(scope, (tx) =>
        inscricoesInvalidas(tx, (request.query as { busca?: string }).busca),
      );
      return { total: pessoas.length, pessoas };
    },
  );

  const sped = (request: FastifyRequest) =>
    comFilial(app, request, SPED, (tx, emitente) => arquivoSped(tx, emitente, request.body as PedidoSped));
  const sintegra = (request: FastifyRequest) =>
    comFilial(app, request, SINTEGRA, (tx, emitente) =>
      arquivoSintegra(tx, emitente, request.body as PedidoSintegra),
    );

  app.post(
    '/api/ArquivosFiscais/sped/preview',
    {
      schema: {
        operationId: 'arquivoSpedPreview',
        tags,
        summary: 'SPED Fiscal: registros por tipo, apuração do ICMS, avisos e as primeiras linhas',
        body: spedBody,
        response: { 200: spedPreviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => previewOf('sped', await sped(request)),
  );

  app.post(
    '/api/ArquivosFiscais/sped/arquivo',
    {
      schema: {
        operationId: 'arquivoSpedArquivo',
        tags,
        summary: 'SPED Fiscal (EFD ICMS/IPI): o arquivo (ISO-8859-1, CRLF) em base64',
        body: spedBody,
        response: { 200: arquivoFiscalResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      arquivoOf('sped', await sped(request), (request.body as { confirmarErros?: boolean }).confirmarErros),
  );

  app.post(
    '/api/ArquivosFiscais/sintegra/preview',
    {
      schema: {
        operationId: 'arquivoSintegraPreview',
        tags,
        summary: 'Sintegra: registros por tipo, totais de ICMS, avisos e as primeiras linhas',
        body: sintegraBody,
        response: { 200: sintegraPreviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => previewOf('sintegra', await sintegra(request)),
  );

  app.post(
    '/api/ArquivosFiscais/sintegra/arquivo',
    {
      schema: {
        operationId: 'arquivoSintegraArquivo',
        tags,
        summary: 'Sintegra (Convênio ICMS 57/95): o arquivo de registros de 126 posições em base64',
        body: sintegraBody,
        response: { 200: arquivoFiscalResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      arquivoOf(
        'sintegra',
        await sintegra(request),
        (request.body as { confirmarErros?: boolean }).confirmarErros,
      ),
  );
}
