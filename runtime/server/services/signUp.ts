import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH } from '../../core/constants.ts';
import { isValidCpfCnpj } from '../../core/isValidCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../core/normalizeCpfCnpj.ts';
import { isValidPhone } from '../../core/phoneMask.ts';
import type { TenantSettings } from '../../core/resolveTenant.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { hashPassword } from './passwords.ts';
import { hitRateLimit } from './rateLimit.ts';

export interface SignUpInput {
  email?: string;
  emailconfirmar?: string;
  nome?: string;
  empresa?: string;
  telefone?: string;
  cpfCnpj?: string;
  regime?: number;
  senha?: string;
  confirmaSenha?: string;
  indicante?: string;
  campo1?: string;
  campo2?: string;
  campo3?: string;
  campo4?: string;
  uf?: string;
  codigoMunicipio?: number;
  naoCadastrasSuperlogica?: boolean;
}

/** Sign-up regimes (schemas/enums/regimeTributarioCadastro.enum.json codes). */
const SIGN_UP_REGIMES = new Set([1, 2, 3, 4, 5]);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Decodes the referral (base64 of a JSON object); null when absent or invalid (stored as not a referral). */
export function decodeIndicante(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    return decoded && typeof decoded === 'object' && !Array.isArray(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/**
 * Server-side mirror of the sign-up rules of spec 000 §5 with the tenant's visible fields.
 * Returns the field → message map of every problem (empty when valid).
 */
export function validateSignUp(input: SignUpInput, misc: TenantSettings['misc']): Record<string, string> {
  const errors: Record<string, string> = {};
  const v = MESSAGES.validation;
  const email = (input.email ?? '').trim();
  if (!email) errors.email = MESSAGES.signUp.emailRequired;
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = v.maxLength(EMAIL_MAX_LENGTH);
  else if (!EMAIL_PATTERN.test(email)) errors.email = v.email;
  if (
    input.emailconfirmar !== undefined &&
    input.emailconfirmar.trim().toLowerCase() !== email.toLowerCase()
  ) {
    errors.emailconfirmar = MESSAGES.signUp.confirmEmail;
  }
  if (!input.senha) errors.senha = v.required;
  else if (input.senha.length < PASSWORD_MIN_LENGTH) errors.senha = v.minLength(PASSWORD_MIN_LENGTH);
  if (!input.confirmaSenha) errors.confirmaSenha = v.required;
  else if (input.confirmaSenha !== input.senha) errors.confirmaSenha = v.mismatch;

  const documento = normalizeCpfCnpj(input.cpfCnpj);
  if (misc.exibirCpfCnpjTelaCadastro && !documento) errors.cpfCnpj = v.required;
  else if (documento && !isValidCpfCnpj(documento)) errors.cpfCnpj = v.document;

  if (misc.exibirNomeEmpresaTelaCadastro && !input.empresa?.trim())
    errors.empresa = MESSAGES.signUp.companyRequired;
  if (misc.exibirNomeUsuarioTelaCadastro && !input.nome?.trim()) errors.nome = MESSAGES.signUp.nameRequired;
  const telefone = input.telefone?.trim() ?? '';
  if (misc.exibirTelefoneTelaCadastro && !telefone) errors.telefone = MESSAGES.signUp.phoneRequired;
  else if (telefone.length > PHONE_MAX_LENGTH + 1) errors.telefone = v.maxLength(PHONE_MAX_LENGTH);
  else if (telefone && !isValidPhone(telefone)) errors.telefone = v.mask;
  if (misc.exibirRegimeTelaCadastro && input.regime === undefined) errors.regime = v.required;
  else if (input.regime !== undefined && !SIGN_UP_REGIMES.has(input.regime)) errors.regime = v.pattern;
  return errors;
}

/** Creates empresa, first filial, full administrator profile and admin user, with the tenant's trial. */
export async function createAccount(
  tx: Tx,
  tenant: { id: number; settings: TenantSettings },
  input: SignUpInput,
  allPermissionKeys: string[],
): Promise<{ usuarioId: number; empresaId: number }> {
  const email = (input.email ?? '').trim().toLowerCase();
  const exists = await tx.maybeOne('SELECT 1 FROM usuario WHERE config_white_label_id = $1 AND email = $2', [
    tenant.id,
    email,
  ]);
  if (exists)
    throw new HttpError(409, 'EMAIL_JA_CADASTRADO', 'Já existe um usuário cadastrado com este e-mail.');

  const plano = await tx.maybeOne<{ id: number; dias_trial: number | null }>(
    'SELECT id, dias_trial FROM plano WHERE config_white_label_id = $1 AND id_externo = $2 AND ativo',
    [tenant.id, tenant.settings.planoPadrao.idExterno],
  );
  const diasTrial = plano?.dias_trial ?? tenant.settings.planoPadrao.diasTrial;
  const documento = normalizeCpfCnpj(input.cpfCnpj) || null;
  const nomeEmpresa = input.empresa?.trim() || input.nome?.trim() || email;
  const campos = Object.fromEntries(
    (['campo1', 'campo2', 'campo3', 'campo4'] as const)
      .filter((key) => input[key])
      .map((key) => [key, input[key]]),
  );
  const empresa = await tx.one<{ id: number }>(
    `INSERT INTO empresa (config_white_label_id, nome, cpf_cnpj, regime, telefone, uf, codigo_municipio, plano_id,
                          trial, bloqueada, data_vencimento, indicante, campos_cadastro, nao_cadastrar_superlogica)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, false, current_date + $9::int, $10, $11, $12) RETURNING id`,
    [
      tenant.id,
      nomeEmpresa,
      documento,
      input.regime ?? 1,
      input.telefone?.replace(/\D/g, '') || null,
      input.uf ?? null,
      input.codigoMunicipio ?? null,
      plano?.id ?? null,
      diasTrial,
      decodeIndicante(input.indicante),
      JSON.stringify(campos),
      input.naoCadastrasSuperlogica === true,
    ],
  );
  const filial = await tx.one<{ id: number }>(
    'INSERT INTO filial (empresa_id, nome, cpf_cnpj) VALUES ($1, $2, $3) RETURNING id',
    [empresa.id, nomeEmpresa, documento],
  );
  const perfil = await tx.one<{ id: number }>(
    'INSERT INTO perfil (empresa_id, nome, permissoes) VALUES ($1, $2, $3) RETURNING id',
    [
      empresa.id,
      'Administrador',
      JSON.stringify(Object.fromEntries(allPermissionKeys.map((key) => [key, 4]))),
    ],
  );
  const usuario = await tx.one<{ id: number }>(
    `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, perfil_admin,
                          filial_selecionada_id, primeiro_acesso)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7, false) RETURNING id`,
    [
      empresa.id,
      tenant.id,
      email,
      input.nome?.trim() ?? '',
      await hashPassword(input.senha ?? ''),
      perfil.id,
      filial.id,
    ],
  );
  await tx.query('INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id) VALUES ($1, $2, $3)', [
    usuario.id,
    filial.id,
    empresa.id,
  ]);
  return { usuarioId: usuario.id, empresaId: empresa.id };
}

/**
 * Counts one sign-up per client address and per white-label (config signUpPerIpPerHour and
 * signUpPerWhiteLabelPerHour); 429 with Retry-After once either is over its hourly limit.
 */
export async function limitSignUps(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const hour = 3600;
  await app.db.withSystem((tx) =>
    hitRateLimit(
      tx,
      [
        { key: `cadastro:ip:${request.ip}`, limit: app.config.signUpPerIpPerHour, windowSeconds: hour },
        {
          key: `cadastro:whitelabel:${request.tenant.id}`,
          limit: app.config.signUpPerWhiteLabelPerHour,
          windowSeconds: hour,
        },
      ],
      MESSAGES.signUp.tooMany,
    ),
  );
}
