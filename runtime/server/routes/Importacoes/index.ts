import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { IMPORTABLE_ENTITIES, isImportableEntity } from '../../services/importacao/importableEntities.ts';
import { importFields } from '../../services/importacao/importFields.ts';
import {
  type ImportLine,
  importRecords,
  validateImportLines,
} from '../../services/importacao/importRecords.ts';
import {
  runScreenTool,
  type ScreenToolContext,
  screenEntityLookup,
} from '../../services/screenTools/runScreenTool.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  entidadeParams,
  importacaoCamposResponse,
  importacaoEntidadesResponse,
  importacaoLinhasBody,
  importacaoResponse,
} from './schemas.ts';

/** Permission key of Configurações › Importação de dados (schemas/menus/settings.menu.json). */
const IMPORTACAO_DADOS = 'CONFIG_IMPORTACAO_DADOS';
const tags = ['Importacoes'];

/**
 * Runs an import tool on `entidade`: 401 without a session, 404 for an entity the screen does not
 * import, then the screen's key at `level` and the entity's own key at CRIAR (403).
 */
function runImport<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  level: number,
  fn: (context: ScreenToolContext) => Promise<T>,
): Promise<T> {
  requireUser(request);
  const { entidade } = request.params as { entidade: string };
  if (!isImportableEntity(entidade)) {
    throw new HttpError(
      404,
      'ENTIDADE_NAO_IMPORTAVEL',
      `A entidade "${entidade}" não existe ou não pode ser importada. Use uma destas: ${IMPORTABLE_ENTITIES.join(', ')}.`,
    );
  }
  return runScreenTool(
    app,
    request,
    { key: IMPORTACAO_DADOS, level, entityName: entidade, entityLevel: PermissionLevel.CRIAR },
    fn,
  );
}

/** The result of a validation (nothing written): counts and the errors per line. */
function validationResult(linhas: ImportLine[], erros: Array<{ linha: number; mensagens: string[] }>) {
  const invalidas = new Set(erros.map((erro) => erro.linha)).size;
  return { total: linhas.length, validas: linhas.length - invalidas, invalidas, importados: 0, erros };
}

/**
 * Configurações › Importação de dados: CSV import of clientes, fornecedores, transportadoras, produtos,
 * serviços and categorias through the same entity-generic service as Estoque › Importar arquivo (fields
 * from the entity schema, relations by display text, all or nothing).
 */
export async function importacoesRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Importacoes',
    {
      schema: {
        operationId: 'importacoesEntidades',
        tags,
        summary: 'Entidades que a Importação de dados oferece, com o que o perfil pode importar',
        response: { 200: importacaoEntidadesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, IMPORTACAO_DADOS, PermissionLevel.VISUALIZAR);
      const lookup = screenEntityLookup(app, request);
      return IMPORTABLE_ENTITIES.map((name) => {
        const { entity } = lookup(name);
        return {
          entidade: name,
          label: entity.label,
          labelPlural: entity.labelPlural,
          genero: entity.gender ?? 'm',
          podeImportar: checkPermission(auth, entity.permission, PermissionLevel.CRIAR),
        };
      });
    },
  );

  app.get(
    '/api/Importacoes/:entidade/campos',
    {
      schema: {
        operationId: 'importacoesCampos',
        tags,
        summary: 'Campos da entidade que uma coluna do arquivo CSV pode preencher',
        params: entidadeParams,
        response: { 200: importacaoCamposResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      runImport(app, request, PermissionLevel.VISUALIZAR, async (context) => importFields(context.record)),
  );

  app.post(
    '/api/Importacoes/:entidade/validar',
    {
      schema: {
        operationId: 'importacoesValidar',
        tags,
        summary: 'Confere as linhas do arquivo sem gravar nada: erros por linha, em português',
        params: entidadeParams,
        body: importacaoLinhasBody,
        response: { 200: importacaoResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { linhas } = request.body as { linhas: ImportLine[] };
      const { erros } = await runImport(app, request, PermissionLevel.VISUALIZAR, (context) =>
        validateImportLines(context, linhas),
      );
      return validationResult(linhas, erros);
    },
  );

  app.post(
    '/api/Importacoes/:entidade/importar',
    {
      schema: {
        operationId: 'importacoesImportar',
        tags,
        summary:
          'Importa o arquivo numa transação, tudo ou nada: uma linha com erro rejeita o arquivo (400 IMPORTACAO_COM_ERROS com os erros por linha)',
        params: entidadeParams,
        body: importacaoLinhasBody,
        response: { 200: importacaoResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { linhas } = request.body as { linhas: ImportLine[] };
      const importados = await runImport(app, request, PermissionLevel.CRIAR, (context) =>
        importRecords(context, linhas),
      );
      return { total: linhas.length, validas: importados, invalidas: 0, importados, erros: [] };
    },
  );
}
