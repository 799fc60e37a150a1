import {
  administersUsuarios,
  SELF_ESCALATION_MESSAGE,
  type UsuarioFlag,
  usuarioFlagRefusal,
  usuarioPerfilRefusal,
} from '../../core/authorization/usuarioFlagRefusal.ts';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../core/constants.ts';
import type { AuthInfo } from '../context.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { assertNotLastAdmin } from './assertNotLastAdmin.ts';
import { guardUsuarioTarget, type UsuarioFlagsRow } from './guardUsuarioTarget.ts';
import { hashPassword } from './passwords.ts';

/** Writable fields of POST/PUT/PATCH /api/Usuarios (the e-mail already validated and lowercased). */
export interface UsuarioInput {
  email?: string;
  nome?: string;
  senha?: string;
  avatar?: string | null;
  perfilId?: number | null;
  filiais?: number[];
  filialSelecionada?: number | null;
  perfilAdmin?: boolean;
  suporteWhiteLabel?: boolean;
  isContador?: boolean;
  isAvanco?: boolean;
  master?: boolean;
  painelAdministrativo?: boolean;
  ativo?: boolean;
  versao?: number;
}

/** The stored user an update starts from. */
export interface CurrentUsuario extends UsuarioFlagsRow {
  id: number;
  perfil_id: number | null;
  ativo: boolean;
  filial_selecionada_id: number | null;
  filiais: number[];
  versao: number;
}

/** Column → new value, plus the new branch list when it changes. */
export interface UsuarioChanges {
  set: Record<string, unknown>;
  filiais?: number[];
}

const FLAGS: Array<[UsuarioFlag, keyof UsuarioFlagsRow]> = [
  ['perfilAdmin', 'perfil_admin'],
  ['isContador', 'is_contador'],
  ['suporteWhiteLabel', 'suporte_white_label'],
  ['isAvanco', 'is_avanco'],
  ['master', 'master'],
  ['painelAdministrativo', 'painel_administrativo'],
];

const bad = (code: string, message: string) => new HttpError(400, code, message);
const forbidden = (message: string) => new HttpError(403, 'ACESSO_NEGADO', message);

async function checkFiliais(tx: Tx, empresaId: number, ids: number[]): Promise<void> {
  const found = await tx.query<{ id: number }>(
    'SELECT id FROM filial WHERE empresa_id = $1 AND id = ANY($2::bigint[])',
    [empresaId, ids],
  );
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw bad('FILIAL_INVALIDA', `Filial não encontrada nesta empresa: ${missing}.`);
}

async function defaultFiliais(tx: Tx, actor: AuthInfo): Promise<number[]> {
  const row = await tx.maybeOne<{ id: number }>(
    `SELECT id FROM filial WHERE empresa_id = $1 AND ativo ORDER BY id = $2 DESC NULLS LAST, id LIMIT 1`,
    [actor.empresaId, actor.filialId],
  );
  return row ? [row.id] : [];
}

/**
 * Applies the Usuarios rules to a create (`current` null) or update: who may set which flag, the
 * "my account" limits (no self-escalation, no self-deactivation, own password only via alteraSenha),
 * profile and branches of this company, the selected branch among the user's branches, and never
 * losing the company's last administrator. Returns the columns to write.
 */
export async function resolveUsuarioChanges(
  tx: Tx,
  actor: AuthInfo,
  input: UsuarioInput,
  current: CurrentUsuario | null,
): Promise<UsuarioChanges> {
  // Who may grant what is decided by runtime/core/authorization (README "Segurança"), not here.
  const privileged = administersUsuarios(actor);
  const self = current?.id === actor.usuarioId;
  const set: Record<string, unknown> = {};
  if (current && !self) guardUsuarioTarget(actor, current);

  if (input.email !== undefined) set.email = input.email;
  if (input.nome !== undefined) set.nome = input.nome.trim();
  if (!current && !set.nome) throw bad('NOME_OBRIGATORIO', MESSAGES.signUp.nameRequired);
  if (input.avatar !== undefined) set.avatar = input.avatar || null;
  if (input.senha !== undefined) {
    if (self) throw bad('SENHA_PROPRIA', 'Para alterar a sua própria senha, use a opção "Alterar senha".');
    if (input.senha.length < PASSWORD_MIN_LENGTH) {
      throw bad('SENHA_CURTA', `A senha deve ter no mínimo ${PASSWORD_MIN_LENGTH} caracteres.`);
    }
    set.senha_hash = await hashPassword(input.senha);
  } else if (!current) {
    throw bad('SENHA_OBRIGATORIA', `Informe a senha do usuário (mínimo ${PASSWORD_MIN_LENGTH} caracteres).`);
  }

  for (const [name, column] of FLAGS) {
    const value = input[name];
    if (value === undefined || value === (current ? current[column] : false)) continue;
    const refusal = usuarioFlagRefusal(actor, name, value, self);
    if (refusal) throw forbidden(refusal);
    set[column] = value;
  }
  if (input.ativo !== undefined && input.ativo !== (current?.ativo ?? true)) {
    if (self) throw bad('AUTO_DESATIVACAO', 'Você não pode desativar o próprio usuário.');
    set.ativo = input.ativo;
  }
  if (input.perfilId !== undefined && input.perfilId !== (current?.perfil_id ?? null)) {
    const refusal = usuarioPerfilRefusal(actor, self);
    if (refusal) throw forbidden(refusal);
    if (input.perfilId !== null) {
      const perfil = await tx.maybeOne('SELECT 1 FROM perfil WHERE id = $1 AND empresa_id = $2', [
        input.perfilId,
        actor.empresaId,
      ]);
      if (!perfil) throw bad('PERFIL_INVALIDO', 'Perfil de acesso não encontrado nesta empresa.');
    }
    set.perfil_id = input.perfilId;
  }

  // Without a profile the permission check denies every key (deny by default): say so instead of saving a
  // user who cannot open anything, unless an administrator means it (a flagged user needs no perfil).
  const perfilId = set.perfil_id !== undefined ? set.perfil_id : (current?.perfil_id ?? null);
  const unrestricted = Boolean(set.perfil_admin ?? current?.perfil_admin);
  if (perfilId === null && !unrestricted && !privileged && (!current || 'perfil_id' in set)) {
    throw forbidden(
      'Somente um administrador pode deixar um usuário sem perfil de acesso. Escolha um perfil.',
    );
  }

  let filiais = current?.filiais ?? [];
  let newFiliais: number[] | undefined;
  if (input.filiais !== undefined) {
    const wanted = [...new Set(input.filiais)].sort((a, b) => a - b);
    await checkFiliais(tx, actor.empresaId, wanted);
    if (self && !actor.isAvanco && !actor.perfilAdmin && wanted.some((id) => !filiais.includes(id))) {
      throw forbidden(SELF_ESCALATION_MESSAGE);
    }
    newFiliais = filiais = wanted;
  } else if (!current) {
    newFiliais = filiais = await defaultFiliais(tx, actor);
  }

  const admin = Boolean(set.perfil_admin ?? current?.perfil_admin ?? false);
  let selecionada = current?.filial_selecionada_id ?? null;
  if (input.filialSelecionada !== undefined && input.filialSelecionada !== null) {
    const active = await tx.maybeOne('SELECT 1 FROM filial WHERE id = $1 AND empresa_id = $2 AND ativo', [
      input.filialSelecionada,
      actor.empresaId,
    ]);
    if (!active || (!admin && !filiais.includes(input.filialSelecionada))) {
      throw bad('FILIAL_INVALIDA', 'A filial selecionada precisa ser uma filial ativa do usuário.');
    }
    selecionada = input.filialSelecionada;
  } else if (input.filialSelecionada === null) {
    selecionada = null;
  } else if (!current || (selecionada !== null && !admin && !filiais.includes(selecionada))) {
    // A new user starts on its first branch; a user who lost the selected branch moves to another.
    selecionada = filiais[0] ?? null;
  }
  if (selecionada !== (current ? current.filial_selecionada_id : undefined)) {
    set.filial_selecionada_id = selecionada;
  }

  if (current?.perfil_admin && current.ativo && (set.perfil_admin === false || set.ativo === false)) {
    await assertNotLastAdmin(tx, actor.empresaId, current.id, 'remover ou desativar');
  }
  return { set, ...(newFiliais ? { filiais: newFiliais } : {}) };
}
