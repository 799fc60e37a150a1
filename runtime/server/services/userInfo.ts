import type { Tx } from '../db/database.ts';
import { findAlertas } from './findAlertas.ts';
import type { Tenant } from './tenantRegistry.ts';

interface UserRow {
  id: number;
  email: string;
  nome: string;
  avatar: string | null;
  perfil_admin: boolean;
  suporte_white_label: boolean;
  is_contador: boolean;
  is_avanco: boolean;
  master: boolean;
  painel_administrativo: boolean;
  filial_selecionada_id: number | null;
  favoritos: string[];
  dialogos: Record<string, unknown>;
  permissoes: Record<string, number> | null;
  perfil_id: number | null;
  perfil_nome: string | null;
  empresa_id: number;
  empresa_nome: string;
  empresa_cpf_cnpj: string | null;
  trial: boolean;
  bloqueada: boolean;
  data_vencimento: string | null;
  gateway_boleto: unknown;
}

interface FilialRow {
  id: number;
  nome: string;
  apelido: string | null;
  cpf_cnpj: string | null;
  ramo_atividade: string | null;
  contrato_id: string | null;
  integracoes: Array<{ sistema: number | string; id: string | number }>;
  integracao_serasa: boolean;
}

/** Billing integrations that make the customer-area entry visible (external system codes). */
const BILLING_SYSTEMS = new Set(['superlogica', 'SUPERLOGICA', 'cobranca']);

function filialObj(row: FilialRow, trial: boolean) {
  return {
    id: row.id,
    nome: row.nome,
    apelido: row.apelido,
    cpfCnpj: row.cpf_cnpj,
    ramoAtividade: row.ramo_atividade,
    contratoId: row.contrato_id,
    trial,
    integracoes: row.integracoes,
    integracaoSerasa: row.integracao_serasa,
  };
}

/** The user info of spec 000 §3 for one user, read inside that user's tenant transaction. */
export async function loadUserInfo(tx: Tx, usuarioId: number, tenant: Tenant) {
  const user = await tx.maybeOne<UserRow>(
    `SELECT u.id, u.email, u.nome, u.avatar, u.perfil_admin, u.suporte_white_label, u.is_contador, u.is_avanco,
            u.master, u.painel_administrativo, u.filial_selecionada_id, u.favoritos, u.dialogos,
            p.permissoes, p.id AS perfil_id, p.nome AS perfil_nome,
            e.id AS empresa_id, e.nome AS empresa_nome, e.cpf_cnpj AS empresa_cpf_cnpj, e.trial, e.bloqueada,
            e.data_vencimento, e.gateway_boleto
       FROM usuario u
       JOIN empresa e ON e.id = u.empresa_id
       LEFT JOIN perfil p ON p.id = u.perfil_id
      WHERE u.id = $1`,
    [usuarioId],
  );
  if (!user) return undefined;
  const filiais = await tx.query<FilialRow>(
    `SELECT f.id, f.nome, f.apelido, f.cpf_cnpj, f.ramo_atividade, f.contrato_id, f.integracoes, f.integracao_serasa
       FROM filial f
      WHERE f.ativo AND ($2 OR f.id IN (SELECT filial_id FROM usuario_filial WHERE usuario_id = $1))
      ORDER BY f.id`,
    [usuarioId, user.perfil_admin],
  );
  const selected = filiais.find((filial) => filial.id === user.filial_selecionada_id) ?? filiais[0] ?? null;
  const settings = tenant.settings;
  const integracoes = selected?.integracoes ?? [];
  return {
    id: user.id,
    email: user.email,
    nome: user.nome,
    avatar: user.avatar,
    perfilAdmin: user.perfil_admin,
    suporteWhiteLabel: user.suporte_white_label,
    isContador: user.is_contador,
    isAvanco: user.is_avanco,
    master: user.master,
    painelAdministrativo: user.painel_administrativo,
    perfil: user.perfil_id ? { id: user.perfil_id, nome: user.perfil_nome } : null,
    permissoes: user.perfil_admin ? null : user.permissoes,
    favoritos: user.favoritos,
    dialogos: user.dialogos,
    filialSelecionada: selected?.id ?? null,
    filialSelecionadaObj: selected ? filialObj(selected, user.trial) : null,
    filiais: filiais.map((filial) => ({ id: filial.id, nome: filial.nome, apelido: filial.apelido })),
    empresaObj: {
      id: user.empresa_id,
      nome: user.empresa_nome,
      cpfCnpj: user.empresa_cpf_cnpj,
      trial: user.trial,
      bloqueada: user.bloqueada,
      dataVencimento: user.data_vencimento,
    },
    configWhiteLabel: {
      id: tenant.id,
      idConfig: settings.idConfig,
      title: settings.title,
      modulos: settings.modulos ?? [],
      planoModulos: settings.planoModulos ?? [],
    },
    menuContext: {
      boletoGateway: user.gateway_boleto !== null,
      stockCount: 1,
      hasContract: Boolean(selected?.contrato_id),
      hasBillingIntegration: integracoes.some((item) => BILLING_SYSTEMS.has(String(item.sistema))),
      trial: user.trial,
      dataVencimento: user.data_vencimento,
      planModulesCount: (settings.planoModulos ?? []).filter((modulo) => modulo.visivel !== false).length,
      posAddress: settings.enderecoDownloadPdv || null,
    },
    // The latest alerts ride along so the header bell needs no call of its own.
    alertas: await findAlertas(tx, usuarioId, { limit: 20 }),
  };
}

export type UserInfo = NonNullable<Awaited<ReturnType<typeof loadUserInfo>>>;
