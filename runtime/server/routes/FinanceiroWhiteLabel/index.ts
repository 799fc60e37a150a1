import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requirePlatformStaff, requireWhiteLabelOperator } from '../../plugins/auth.ts';
import { faturaCsv, type LinhaCobranca, linhasDeCobranca, somar } from './cobranca.ts';
import {
  faturaDetalheSchema,
  faturaIdParams,
  faturaSchema,
  financeiroErrorResponses,
  gerarFaturaBody,
  linhaCobrancaSchema,
  resumoSchema,
  whiteLabelQuery,
} from './schemas.ts';

const FATURA_COLUMNS = `f.id, f.config_white_label_id AS "configWhiteLabel", to_char(f.competencia, 'YYYY-MM') AS competencia,
  f.vencimento, f.valor, f.paga_em AS "pagaEm",
  CASE WHEN f.paga_em IS NOT NULL THEN 'paga' WHEN f.vencimento < current_date THEN 'vencida' ELSE 'aberta' END AS status,
  (SELECT count(*)::int FROM fatura_white_label_linha l WHERE l.fatura_id = f.id) AS "quantidadeEmpresas"`;
const LINHA_COLUMNS = `empresa_id AS "empresaId", empresa_nome AS "empresaNome", cpf_cnpj AS "cpfCnpj", plano_nome AS "planoNome",
  valor_plano AS "valorPlano", modulos, valor`;

interface Fatura {
  id: number;
  configWhiteLabel: number;
  competencia: string;
  vencimento: string;
  valor: number;
  status: string;
  pagaEm: Date | null;
  quantidadeEmpresas: number;
}

function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The fatura `id`, 404 when missing; the caller must be an operator of its white-label. */
async function loadFatura(tx: Tx, request: FastifyRequest, id: number, forUpdate = false): Promise<Fatura> {
  const fatura = await tx.maybeOne<Fatura>(
    `SELECT ${FATURA_COLUMNS} FROM fatura_white_label f WHERE f.id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [id],
  );
  if (!fatura) throw new HttpError(404, 'FATURA_NAO_ENCONTRADA', `Fatura ${id} não encontrada.`);
  requireWhiteLabelOperator(request, fatura.configWhiteLabel);
  return fatura;
}

/**
 * FinanceiroWhiteLabel (Administrador › Financeiro white label): what the platform charges a white-label.
 * Its operators (platform staff for any, the master for its own) see the companies billed now with plan and
 * monthly value, and the faturas month by month; platform staff generate a month's fatura (frozen from
 * the subscriptions in force) and mark it paid. A fatura's lines export as CSV.
 */
export async function financeiroWhiteLabelRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(linhaCobrancaSchema);
  app.addSchema(faturaSchema);
  app.addSchema(faturaDetalheSchema);
  app.addSchema(resumoSchema);

  const planoModulos = async (configWhiteLabelId: number) => {
    const tenant = await app.tenants.byId(configWhiteLabelId);
    if (!tenant)
      throw new HttpError(
        404,
        'WHITE_LABEL_NAO_ENCONTRADO',
        `White-label ${configWhiteLabelId} não encontrado.`,
      );
    return {
      title: tenant.settings.title ?? tenant.settings.idConfig,
      modulos: tenant.settings.planoModulos ?? [],
    };
  };

  app.get(
    '/api/FinanceiroWhiteLabel',
    {
      schema: {
        operationId: 'financeiroWhiteLabelResumo',
        tags: ['FinanceiroWhiteLabel'],
        summary: 'Empresas cobradas do white-label (plano e valor mensal), total do mês e faturas',
        querystring: whiteLabelQuery,
        response: { 200: { $ref: 'FinanceiroWhiteLabel#' }, ...financeiroErrorResponses },
      },
    },
    async (request) => {
      const query = request.query as { configWhiteLabel?: number };
      const auth = request.auth;
      const configWhiteLabel =
        query.configWhiteLabel ?? (auth && !auth.isAvanco ? auth.configWhiteLabelId : request.tenant.id);
      requireWhiteLabelOperator(request, configWhiteLabel);
      const { title, modulos } = await planoModulos(configWhiteLabel);
      return app.db.withSystem(async (tx) => {
        const empresas = await linhasDeCobranca(tx, configWhiteLabel, modulos);
        const faturas = await tx.query<Fatura>(
          `SELECT ${FATURA_COLUMNS} FROM fatura_white_label f WHERE f.config_white_label_id = $1
            ORDER BY f.competencia DESC LIMIT 120`,
          [configWhiteLabel],
        );
        const { mes } = await tx.one<{ mes: string }>(`SELECT to_char(current_date, 'YYYY-MM') AS mes`);
        return {
          configWhiteLabel,
          whiteLabel: title,
          competenciaAtual: mes,
          faturaAtualGerada: faturas.some((fatura) => fatura.competencia === mes),
          empresas,
          totalMensal: somar(empresas.map((empresa) => empresa.valor)),
          faturas,
        };
      });
    },
  );

  app.get(
    '/api/FinanceiroWhiteLabel/faturas/:id',
    {
      schema: {
        operationId: 'financeiroWhiteLabelFatura',
        tags: ['FinanceiroWhiteLabel'],
        summary: 'Uma fatura do white-label com as suas linhas (uma por empresa cobrada)',
        params: faturaIdParams,
        response: { 200: { $ref: 'FaturaWhiteLabelDetalhe#' }, ...financeiroErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return app.db.withSystem(async (tx) => {
        const fatura = await loadFatura(tx, request, id);
        const linhas = await tx.query(
          `SELECT ${LINHA_COLUMNS} FROM fatura_white_label_linha WHERE fatura_id = $1 ORDER BY empresa_nome, id`,
          [id],
        );
        return { ...fatura, linhas };
      });
    },
  );

  app.get(
    '/api/FinanceiroWhiteLabel/faturas/:id/csv',
    {
      schema: {
        operationId: 'financeiroWhiteLabelFaturaCsv',
        tags: ['FinanceiroWhiteLabel'],
        summary: 'Linhas da fatura em CSV (separador ";", vírgula decimal, UTF-8 com BOM)',
        params: faturaIdParams,
        response: {
          200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...financeiroErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { fatura, linhas } = await app.db.withSystem(async (tx) => ({
        fatura: await loadFatura(tx, request, id),
        linhas: await tx.query<LinhaCobranca>(
          `SELECT ${LINHA_COLUMNS} FROM fatura_white_label_linha WHERE fatura_id = $1 ORDER BY empresa_nome, id`,
          [id],
        ),
      }));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fatura-${fatura.competencia}.csv"`)
        .send(Buffer.from(faturaCsv(linhas), 'utf8'));
    },
  );

  app.post(
    '/api/FinanceiroWhiteLabel/faturas',
    {
      schema: {
        operationId: 'financeiroWhiteLabelGerarFatura',
        tags: ['FinanceiroWhiteLabel'],
        summary: 'Gera a fatura do mês a partir das assinaturas ativas (equipe da plataforma)',
        body: gerarFaturaBody,
        response: { 200: { $ref: 'FaturaWhiteLabelDetalhe#' }, ...financeiroErrorResponses },
      },
    },
    async (request) => {
      const auth = requirePlatformStaff(request);
      const body = request.body as { configWhiteLabel: number; competencia: string; vencimento?: string };
      const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(body.competencia.trim());
      if (!match) {
        throw new HttpError(
          400,
          'DADOS_INVALIDOS',
          'Dados inválidos: campo "competencia" deve ser um mês no formato AAAA-MM, ex.: 2025-03.',
        );
      }
      const competencia = `${match[1]}-${match[2]}-01`;
      const vencimento = body.vencimento?.trim();
      if (vencimento !== undefined && !isValidDate(vencimento)) {
        throw new HttpError(
          400,
          'DADOS_INVALIDOS',
          'Dados inválidos: campo "vencimento" deve ser uma data válida no formato AAAA-MM-DD.',
        );
      }
      const { modulos } = await planoModulos(body.configWhiteLabel);
      return app.db.withSystem(async (tx) => {
        const future = await tx.one<{ futura: boolean }>(
          `SELECT $1::date > date_trunc('month', current_date)::date AS futura`,
          [competencia],
        );
        if (future.futura) {
          throw new HttpError(
            400,
            'COMPETENCIA_FUTURA',
            'Só é possível gerar a fatura do mês corrente ou de meses anteriores.',
          );
        }
        await tx.query('SELECT pg_advisory_xact_lock(7152011, $1::int)', [body.configWhiteLabel]);
        const existing = await tx.maybeOne(
          'SELECT 1 FROM fatura_white_label WHERE config_white_label_id = $1 AND competencia = $2',
          [body.configWhiteLabel, competencia],
        );
        if (existing) {
          throw new HttpError(
            409,
            'FATURA_JA_GERADA',
            `A fatura de ${match[2]}/${match[1]} já foi gerada para este white-label.`,
          );
        }
        const linhas = await linhasDeCobranca(tx, body.configWhiteLabel, modulos);
        const { id } = await tx.one<{ id: number }>(
          `INSERT INTO fatura_white_label (config_white_label_id, competencia, vencimento, valor, gerada_por)
           VALUES ($1, $2, COALESCE($3::date, ($2::date + interval '1 month' + interval '9 days')::date), $4, $5) RETURNING id`,
          [
            body.configWhiteLabel,
            competencia,
            vencimento ?? null,
            somar(linhas.map((linha) => linha.valor)),
            auth.usuarioId,
          ],
        );
        for (const linha of linhas) {
          await tx.query(
            `INSERT INTO fatura_white_label_linha (fatura_id, empresa_id, empresa_nome, cpf_cnpj, plano_nome, valor_plano, modulos, valor)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              id,
              linha.empresaId,
              linha.empresaNome,
              linha.cpfCnpj,
              linha.planoNome,
              linha.valorPlano,
              JSON.stringify(linha.modulos),
              linha.valor,
            ],
          );
        }
        const fatura = await loadFatura(tx, request, id);
        return { ...fatura, linhas };
      });
    },
  );

  app.post(
    '/api/FinanceiroWhiteLabel/faturas/:id/pagar',
    {
      schema: {
        operationId: 'financeiroWhiteLabelPagarFatura',
        tags: ['FinanceiroWhiteLabel'],
        summary: 'Marca a fatura como paga (equipe da plataforma)',
        params: faturaIdParams,
        response: { 200: { $ref: 'FaturaWhiteLabel#' }, ...financeiroErrorResponses },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const { id } = request.params as { id: number };
      return app.db.withSystem(async (tx) => {
        const fatura = await loadFatura(tx, request, id, true);
        if (fatura.pagaEm)
          throw new HttpError(409, 'FATURA_JA_PAGA', `A fatura de ${fatura.competencia} já está paga.`);
        await tx.query('UPDATE fatura_white_label SET paga_em = now() WHERE id = $1', [id]);
        return loadFatura(tx, request, id);
      });
    },
  );
}
