import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requireUser, requireWhiteLabelOperator } from '../../plugins/auth.ts';
import { npsScore } from './npsScore.ts';
import {
  INTERVALO_PADRAO,
  npsConfigBody,
  npsConfigSchema,
  npsErrorResponses,
  npsPendenteSchema,
  npsRespostaBody,
  npsResultadoQuery,
  npsResultadoSchema,
  PERGUNTA_PADRAO,
} from './schemas.ts';

interface NpsConfig {
  configWhiteLabel: number;
  ativa: boolean;
  pergunta: string;
  intervaloDias: number;
}

async function readConfig(tx: Tx, configWhiteLabel: number): Promise<NpsConfig> {
  const row = await tx.maybeOne<NpsConfig>(
    `SELECT config_white_label_id AS "configWhiteLabel", ativa, pergunta, intervalo_dias AS "intervaloDias"
       FROM nps_config WHERE config_white_label_id = $1`,
    [configWhiteLabel],
  );
  return (
    row ?? { configWhiteLabel, ativa: false, pergunta: PERGUNTA_PADRAO, intervaloDias: INTERVALO_PADRAO }
  );
}

/** The white-label an operator acts on: the one asked for, else the master's own (staff: the address's). */
function targetWhiteLabel(request: FastifyRequest, asked: number | undefined): number {
  const auth = requireUser(request);
  const id = asked ?? (auth.isAvanco ? request.tenant.id : auth.configWhiteLabelId);
  requireWhiteLabelOperator(request, id);
  return id;
}

async function assertWhiteLabel(tx: Tx, id: number): Promise<void> {
  if (!(await tx.maybeOne('SELECT 1 FROM config_white_label WHERE id = $1', [id]))) {
    throw new HttpError(404, 'WHITE_LABEL_NAO_ENCONTRADO', `White-label ${id} não encontrado.`);
  }
}

function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Users the survey is for: a white-label's customers, not the platform staff nor the panel user. */
const isSurveyed = (auth: { isAvanco: boolean; painelAdministrativo: boolean }) =>
  !auth.isAvanco && !auth.painelAdministrativo;

/**
 * Nps (Administrador › Pesquisa NPS): a white-label's operators configure the Net Promoter Score survey
 * (ativa, pergunta, intervalo em dias) and read its results; the web shell asks each user of the
 * white-label (GET pendente after sign-in) at most once per interval, answered or dismissed.
 */
export async function npsRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(npsConfigSchema);
  app.addSchema(npsResultadoSchema);
  app.addSchema(npsPendenteSchema);

  app.get(
    '/api/Nps/config',
    {
      schema: {
        operationId: 'npsConfigFind',
        tags: ['Nps'],
        summary: 'Configuração da pesquisa NPS do white-label (sem configuração: inativa, pergunta padrão)',
        querystring: {
          type: 'object',
          properties: { configWhiteLabel: npsConfigBody.properties.configWhiteLabel },
        },
        response: { 200: { $ref: 'NpsConfig#' }, ...npsErrorResponses },
      },
    },
    async (request) => {
      const id = targetWhiteLabel(request, (request.query as { configWhiteLabel?: number }).configWhiteLabel);
      return app.db.withSystem(async (tx) => {
        await assertWhiteLabel(tx, id);
        return readConfig(tx, id);
      });
    },
  );

  app.put(
    '/api/Nps/config',
    {
      schema: {
        operationId: 'npsConfigUpdate',
        tags: ['Nps'],
        summary: 'Grava a configuração da pesquisa NPS do white-label',
        body: npsConfigBody,
        response: { 200: { $ref: 'NpsConfig#' }, ...npsErrorResponses },
      },
    },
    async (request) => {
      const body = request.body as Omit<NpsConfig, 'configWhiteLabel'> & { configWhiteLabel?: number };
      const id = targetWhiteLabel(request, body.configWhiteLabel);
      const pergunta = body.pergunta.trim().replace(/\s+/g, ' ');
      if (pergunta.length < 10) {
        throw new HttpError(
          400,
          'DADOS_INVALIDOS',
          'Dados inválidos: campo "pergunta" deve ter ao menos 10 caracteres.',
        );
      }
      return app.db.withSystem(async (tx) => {
        await assertWhiteLabel(tx, id);
        await tx.query(
          `INSERT INTO nps_config (config_white_label_id, ativa, pergunta, intervalo_dias) VALUES ($1, $2, $3, $4)
           ON CONFLICT (config_white_label_id) DO UPDATE
             SET ativa = EXCLUDED.ativa, pergunta = EXCLUDED.pergunta, intervalo_dias = EXCLUDED.intervalo_dias, alterado_em = now()`,
          [id, body.ativa, pergunta, body.intervaloDias],
        );
        return readConfig(tx, id);
      });
    },
  );

  app.get(
    '/api/Nps/resultados',
    {
      schema: {
        operationId: 'npsResultados',
        tags: ['Nps'],
        summary: 'NPS, contagens, distribuição das notas e comentários do white-label no período',
        querystring: npsResultadoQuery,
        response: { 200: { $ref: 'NpsResultado#' }, ...npsErrorResponses },
      },
    },
    async (request) => {
      const query = request.query as { configWhiteLabel?: number; de?: string; ate?: string };
      const id = targetWhiteLabel(request, query.configWhiteLabel);
      for (const campo of ['de', 'ate'] as const) {
        const value = query[campo];
        if (value !== undefined && value !== '' && !isValidDate(value)) {
          throw new HttpError(
            400,
            'DADOS_INVALIDOS',
            `Dados inválidos: parâmetro "${campo}" deve ser uma data válida no formato AAAA-MM-DD.`,
          );
        }
      }
      const de = query.de || null;
      const ate = query.ate || null;
      if (de && ate && de > ate) {
        throw new HttpError(
          400,
          'PERIODO_INVALIDO',
          'O início do período deve ser anterior ou igual ao fim.',
        );
      }
      return app.db.withSystem(async (tx) => {
        await assertWhiteLabel(tx, id);
        const period = `r.config_white_label_id = $1
          AND ($2::date IS NULL OR (r.criado_em AT TIME ZONE 'America/Sao_Paulo')::date >= $2::date)
          AND ($3::date IS NULL OR (r.criado_em AT TIME ZONE 'America/Sao_Paulo')::date <= $3::date)`;
        const notas = await tx.query<{ nota: number | null; quantidade: number }>(
          `SELECT r.nota, count(*)::int AS quantidade FROM nps_resposta r WHERE ${period} GROUP BY r.nota`,
          [id, de, ate],
        );
        const comentarios = await tx.query(
          `SELECT r.id, r.nota, r.comentario, e.nome AS empresa, COALESCE(NULLIF(u.nome, ''), u.email) AS usuario, r.criado_em AS data
             FROM nps_resposta r JOIN empresa e ON e.id = r.empresa_id JOIN usuario u ON u.id = r.usuario_id
            WHERE ${period} AND r.nota IS NOT NULL AND r.comentario <> ''
            ORDER BY r.criado_em DESC, r.id DESC LIMIT 500`,
          [id, de, ate],
        );
        const distribuicao = Array.from({ length: 11 }, (_, nota) =>
          notas.filter((row) => row.nota === nota).reduce((total, row) => total + row.quantidade, 0),
        );
        const dispensas = notas.find((row) => row.nota === null)?.quantidade ?? 0;
        return { configWhiteLabel: id, ...npsScore(distribuicao), distribuicao, dispensas, comentarios };
      });
    },
  );

  app.get(
    '/api/Nps/pendente',
    {
      schema: {
        operationId: 'npsPendente',
        tags: ['Nps'],
        summary: 'Se a pesquisa NPS deve ser feita agora ao usuário da sessão (e a pergunta)',
        response: { 200: { $ref: 'NpsPendente#' }, ...npsErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      if (!isSurveyed(auth)) return { perguntar: false };
      return app.db.withSystem(async (tx) => {
        const config = await readConfig(tx, auth.configWhiteLabelId);
        if (!config.ativa) return { perguntar: false };
        const recent = await tx.maybeOne(
          `SELECT 1 FROM nps_resposta WHERE usuario_id = $1 AND criado_em > now() - make_interval(days => $2)`,
          [auth.usuarioId, config.intervaloDias],
        );
        return recent ? { perguntar: false } : { perguntar: true, pergunta: config.pergunta };
      });
    },
  );

  const record = async (request: FastifyRequest, nota: number | null, comentario: string) => {
    const auth = requireUser(request);
    if (!isSurveyed(auth)) {
      throw new HttpError(
        403,
        'ACESSO_NEGADO',
        'A pesquisa NPS é respondida pelos usuários das empresas clientes.',
      );
    }
    await app.db.withSystem(async (tx) => {
      const config = await readConfig(tx, auth.configWhiteLabelId);
      if (!config.ativa) throw new HttpError(409, 'NPS_INATIVA', 'A pesquisa NPS não está ativa no momento.');
      await tx.query('SELECT pg_advisory_xact_lock(7152012, $1::int)', [auth.usuarioId % 2_147_483_647]);
      const recent = await tx.maybeOne(
        `SELECT 1 FROM nps_resposta WHERE usuario_id = $1 AND criado_em > now() - make_interval(days => $2)`,
        [auth.usuarioId, config.intervaloDias],
      );
      if (recent) {
        throw new HttpError(
          409,
          'NPS_JA_RESPONDIDA',
          'Você já respondeu a esta pesquisa recentemente. Obrigado!',
        );
      }
      await tx.query(
        `INSERT INTO nps_resposta (config_white_label_id, empresa_id, usuario_id, nota, comentario) VALUES ($1, $2, $3, $4, $5)`,
        [auth.configWhiteLabelId, auth.empresaId, auth.usuarioId, nota, comentario],
      );
    });
    return { perguntar: false };
  };

  app.post(
    '/api/Nps/respostas',
    {
      schema: {
        operationId: 'npsResponder',
        tags: ['Nps'],
        summary: 'Responde a pesquisa NPS (nota de 0 a 10 e comentário opcional)',
        body: npsRespostaBody,
        response: { 200: { $ref: 'NpsPendente#' }, ...npsErrorResponses },
      },
    },
    async (request) => {
      const body = request.body as { nota: number; comentario?: string };
      return record(request, body.nota, (body.comentario ?? '').trim());
    },
  );

  app.post(
    '/api/Nps/dispensar',
    {
      schema: {
        operationId: 'npsDispensar',
        tags: ['Nps'],
        summary: 'Fecha a pesquisa NPS sem responder (volta a perguntar depois do intervalo)',
        response: { 200: { $ref: 'NpsPendente#' }, ...npsErrorResponses },
      },
    },
    async (request) => record(request, null, ''),
  );
}
