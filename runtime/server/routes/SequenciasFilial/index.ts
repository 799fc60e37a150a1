import type { FastifyInstance } from 'fastify';
import { escapeLike } from '../../../core/escapeLike.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requirePlatformStaff } from '../../plugins/auth.ts';
import {
  filialEncontradaSchema,
  filialIdParams,
  historicoSchema,
  sequenciaErrorResponses,
  sequenciaSchema,
  sequenciasFilialSchema,
  sequenciaUpdateBody,
} from './schemas.ts';
import {
  DOCUMENTO_LABELS,
  type Documento,
  loadConfigNfe,
  maiorNumeroUsado,
  nomesDocumento,
  readSequencias,
  writeSequencia,
} from './sequencias.ts';

interface FilialEncontrada {
  filialId: number;
  filialNome: string;
  apelido: string | null;
  filialRotulo: string;
  cpfCnpj: string | null;
  empresaId: number;
  empresaNome: string;
  configWhiteLabel: number;
  whiteLabel: string;
}

const FILIAL_COLUMNS = `f.id AS "filialId", f.nome AS "filialNome", f.apelido,
  COALESCE(NULLIF(f.apelido, ''), f.nome) AS "filialRotulo", COALESCE(f.cpf_cnpj, e.cpf_cnpj) AS "cpfCnpj",
  e.id AS "empresaId", e.nome AS "empresaNome", c.id AS "configWhiteLabel",
  COALESCE(c.patch->>'title', c.base->>'title', c.id_config) AS "whiteLabel"`;
const FILIAL_FROM =
  'filial f JOIN empresa e ON e.id = f.empresa_id JOIN config_white_label c ON c.id = e.config_white_label_id';
const AMBIENTE_LABELS: Record<number, string> = { 1: 'produção', 2: 'homologação' };

const HISTORICO_SQL = `SELECT id, documento, ambiente, serie_anterior AS "serieAnterior", serie_nova AS "serieNova",
       proximo_numero_anterior AS "proximoNumeroAnterior", proximo_numero_novo AS "proximoNumeroNovo",
       reducao_confirmada AS "reducaoConfirmada", usuario_nome AS usuario, criado_em AS data
  FROM sequencia_documento_historico WHERE filial_id = $1 ORDER BY criado_em DESC, id DESC LIMIT 200`;

async function loadFilial(tx: Tx, filialId: number): Promise<FilialEncontrada> {
  const filial = await tx.maybeOne<FilialEncontrada>(
    `SELECT ${FILIAL_COLUMNS} FROM ${FILIAL_FROM} WHERE f.id = $1`,
    [filialId],
  );
  if (!filial) throw new HttpError(404, 'FILIAL_NAO_ENCONTRADA', `Filial ${filialId} não encontrada.`);
  return filial;
}

async function readAll(tx: Tx, filialId: number) {
  const filial = await loadFilial(tx, filialId);
  const config = await loadConfigNfe(tx, filialId);
  return {
    filial,
    ambienteEmUso: config?.ambiente ?? null,
    sequencias: await readSequencias(tx, filialId),
    historico: (await tx.query<{ documento: Documento; ambiente: number }>(HISTORICO_SQL, [filialId])).map(
      (row) => ({ ...row, ...nomesDocumento(row) }),
    ),
  };
}

/**
 * SequenciasFilial (Administrador › Sequência de filial): platform staff look up a branch of any
 * white-label and adjust the série and próximo número of its NF-e, NFC-e and NFS-e per ambiente. A next
 * number that does not pass the highest already used needs `confirmarReducao` (SEFAZ would reject the
 * repeated number as "Duplicidade de NF-e"); every change is kept in the history (who, when, old → new).
 */
export async function sequenciasFilialRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(filialEncontradaSchema);
  app.addSchema(sequenciaSchema);
  app.addSchema(historicoSchema);
  app.addSchema(sequenciasFilialSchema);

  app.get(
    '/api/SequenciasFilial/filiais',
    {
      schema: {
        operationId: 'sequenciasFilialBuscar',
        tags: ['SequenciasFilial'],
        summary:
          'Busca filiais de qualquer white-label pelo CNPJ ou pela razão social (equipe da plataforma)',
        querystring: {
          type: 'object',
          required: ['busca'],
          properties: {
            busca: { type: 'string', maxLength: 120, description: 'CNPJ (com ou sem máscara) ou nome' },
          },
        },
        response: {
          200: { type: 'array', items: { $ref: 'SequenciaFilialEncontrada#' } },
          ...sequenciaErrorResponses,
        },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const busca = (request.query as { busca: string }).busca.trim();
      const digits = busca.replace(/\D/g, '');
      const byCnpj = digits.length >= 3 && /^[\d.\-/\s]+$/.test(busca);
      if (!byCnpj && busca.length < 3) {
        throw new HttpError(
          400,
          'BUSCA_CURTA',
          'Informe ao menos 3 caracteres do CNPJ ou da razão social para buscar.',
        );
      }
      const like = `%${escapeLike(busca)}%`;
      return app.db.withSystem((tx) =>
        tx.query<FilialEncontrada>(
          `SELECT ${FILIAL_COLUMNS} FROM ${FILIAL_FROM}
            WHERE ${byCnpj ? `f.cpf_cnpj LIKE $1 OR e.cpf_cnpj LIKE $1` : `f.nome ILIKE $1 OR f.apelido ILIKE $1 OR e.nome ILIKE $1`}
            ORDER BY e.nome, f.id LIMIT 50`,
          [byCnpj ? `%${digits}%` : like],
        ),
      );
    },
  );

  app.get(
    '/api/SequenciasFilial/:filialId',
    {
      schema: {
        operationId: 'sequenciasFilialFind',
        tags: ['SequenciasFilial'],
        summary: 'Séries e próximos números dos documentos fiscais da filial, por ambiente, e o histórico',
        params: filialIdParams,
        response: { 200: { $ref: 'SequenciasFilial#' }, ...sequenciaErrorResponses },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const { filialId } = request.params as { filialId: number };
      return app.db.withSystem((tx) => readAll(tx, filialId));
    },
  );

  app.put(
    '/api/SequenciasFilial/:filialId',
    {
      schema: {
        operationId: 'sequenciasFilialUpdate',
        tags: ['SequenciasFilial'],
        summary: 'Ajusta a série e o próximo número de um documento da filial em um ambiente (auditado)',
        params: filialIdParams,
        body: sequenciaUpdateBody,
        response: { 200: { $ref: 'SequenciasFilial#' }, ...sequenciaErrorResponses },
      },
    },
    async (request) => {
      const auth = requirePlatformStaff(request);
      const { filialId } = request.params as { filialId: number };
      const input = request.body as {
        documento: Documento;
        ambiente: number;
        serie: number;
        proximoNumero: number;
        confirmarReducao?: boolean;
      };
      if (input.documento !== 'NFSE' && input.serie > 889) {
        throw new HttpError(
          400,
          'SERIE_RESERVADA',
          'A série da NF-e e da NFC-e vai de 0 a 889: as séries 890 a 999 são reservadas pela SEFAZ.',
        );
      }
      return app.db.withSystem(async (tx) => {
        const filial = await loadFilial(tx, filialId);
        await loadConfigNfe(tx, filialId, true);
        await tx.query('SELECT pg_advisory_xact_lock(7152010, $1::int)', [filialId % 2_147_483_647]);
        const atual = (await readSequencias(tx, filialId)).find(
          (item) => item.documento === input.documento && item.ambiente === input.ambiente,
        );
        if (!atual) throw new HttpError(400, 'DOCUMENTO_INVALIDO', 'Documento ou ambiente inválido.');
        if (atual.serie === input.serie && atual.proximoNumero === input.proximoNumero) {
          throw new HttpError(
            400,
            'SEM_ALTERACAO',
            'Nada foi alterado: a série e o próximo número são os mesmos.',
          );
        }
        const maior = await maiorNumeroUsado(tx, filialId, input.documento, input.serie);
        const reducao = maior !== null && input.proximoNumero <= maior;
        if (reducao && input.confirmarReducao !== true) {
          throw new HttpError(
            409,
            'SEQUENCIA_ABAIXO_DO_USADO',
            `O próximo número ${input.proximoNumero} não passa do maior número já usado na série ${input.serie} ` +
              `da ${DOCUMENTO_LABELS[input.documento]} (${maior}). A SEFAZ pode rejeitar as notas por ` +
              '"Duplicidade de NF-e". Confirme a alteração para prosseguir.',
            { maiorNumeroUsado: maior },
          );
        }
        await writeSequencia(
          tx,
          { id: filialId, empresaId: filial.empresaId },
          { ...atual, serie: input.serie, proximoNumero: input.proximoNumero },
        );
        const usuario = await tx.one<{ nome: string }>(
          `SELECT COALESCE(NULLIF(nome, ''), email) AS nome FROM usuario WHERE id = $1`,
          [auth.usuarioId],
        );
        await tx.query(
          `INSERT INTO sequencia_documento_historico (filial_id, empresa_id, documento, ambiente, serie_anterior, serie_nova,
                  proximo_numero_anterior, proximo_numero_novo, reducao_confirmada, usuario_id, usuario_nome)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            filialId,
            filial.empresaId,
            input.documento,
            input.ambiente,
            atual.serie,
            input.serie,
            atual.proximoNumero,
            input.proximoNumero,
            reducao,
            auth.usuarioId,
            usuario.nome,
          ],
        );
        request.log.info(
          { filialId, documento: input.documento, ambiente: AMBIENTE_LABELS[input.ambiente] },
          'sequência de documento fiscal alterada',
        );
        return readAll(tx, filialId);
      });
    },
  );
}
