import { hashPassword } from '../../services/passwords.ts';
import { createAccount } from '../../services/signUp.ts';
import type { TenantRegistry } from '../../services/tenantRegistry.ts';
import type { Database } from '../database.ts';

/** Password of every demo user (README). */
export const DEMO_PASSWORD = 'demo1234';

type Levels = Record<string, number>;

function levelsFor(keys: string[], rule: (key: string) => number | undefined): Levels {
  const levels: Levels = {};
  for (const key of keys) {
    const level = rule(key);
    if (level !== undefined) levels[key] = level;
  }
  return levels;
}

/**
 * Seeds the demo companies and users listed in the README, once (idempotent: nothing happens when
 * demo@erp.local exists). Plans for every white-label are upserted each time.
 */
export async function seedDemo(db: Database, registry: TenantRegistry): Promise<boolean> {
  const tenants = await registry.all();
  const demo = tenants.find((tenant) => tenant.settings.slug === 'demo');
  const verde = tenants.find((tenant) => tenant.settings.slug === 'verde');
  if (!demo || !verde) return false;
  const keys = Object.keys((demo.schemas['schemas/permissions/keys.json'] as { keys: Levels }).keys);

  return db.withSystem(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7152028)');
    for (const tenant of tenants) {
      const trialId = tenant.settings.planoPadrao?.idExterno ?? 'trial';
      const planos = [
        {
          idExterno: trialId,
          nome: 'Teste grátis',
          valor: 0,
          dias: tenant.settings.planoPadrao?.diasTrial ?? 15,
        },
        { idExterno: 'basico', nome: 'Básico', valor: 89.9, dias: null },
        { idExterno: 'completo', nome: 'Completo', valor: 189.9, dias: null },
      ];
      for (const plano of planos) {
        await tx.query(
          `INSERT INTO plano (config_white_label_id, id_externo, nome, valor, dias_trial, modulos)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (config_white_label_id, id_externo) DO NOTHING`,
          [tenant.id, plano.idExterno, plano.nome, plano.valor, plano.dias, JSON.stringify([])],
        );
      }
    }
    if (await tx.maybeOne(`SELECT 1 FROM usuario WHERE email = 'demo@erp.local'`)) return false;

    const senha = DEMO_PASSWORD;
    const account = (tenant: typeof demo, email: string, nome: string, empresa: string, cpfCnpj?: string) =>
      createAccount(
        tx,
        tenant,
        { email, nome, empresa, senha, confirmaSenha: senha, cpfCnpj, regime: 1 },
        keys,
      );

    // Empresa Demonstração Ltda: demo (admin), vendedor, contador; two branches.
    const main = await account(
      demo,
      'demo@erp.local',
      'Ana Demonstração',
      'Empresa Demonstração Ltda',
      '11222333000181',
    );
    await tx.query(
      `UPDATE empresa SET trial = false, data_vencimento = current_date + 365, contrato_id = 'CT-0001',
              gateway_boleto = '{"banco": "001", "ambiente": "homologacao"}' WHERE id = $1`,
      [main.empresaId],
    );
    await tx.query(
      `UPDATE filial SET nome = 'Empresa Demonstração Ltda', apelido = 'Matriz', ramo_atividade = 'varejo',
              contrato_id = 'CT-0001', integracoes = '[{"sistema": "superlogica", "id": "9001"}]' WHERE empresa_id = $1`,
      [main.empresaId],
    );
    const centro = await tx.one<{ id: number }>(
      `INSERT INTO filial (empresa_id, nome, apelido, cpf_cnpj, ramo_atividade)
       VALUES ($1, 'Empresa Demonstração Ltda — Centro', 'Loja Centro', '11222333000262', 'varejo') RETURNING id`,
      [main.empresaId],
    );
    await tx.query('INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id) VALUES ($1, $2, $3)', [
      main.usuarioId,
      centro.id,
      main.empresaId,
    ]);
    const vendas = await tx.one<{ id: number }>(
      'INSERT INTO perfil (empresa_id, nome, permissoes) VALUES ($1, $2, $3) RETURNING id',
      [
        main.empresaId,
        'Vendas',
        JSON.stringify(
          levelsFor(keys, (key) => {
            if (key.startsWith('VENDAS_') || key.startsWith('USUARIO_')) return 4;
            if (key.startsWith('ESTOQUE_')) return 1;
            if (key.startsWith('FINANCEIRO_')) return 0;
            if (key === 'DASHBOARD' || key === 'RELATORIOS_VENDAS') return 1;
            return undefined;
          }),
        ),
      ],
    );
    const matriz = await tx.one<{ id: number }>('SELECT min(id) AS id FROM filial WHERE empresa_id = $1', [
      main.empresaId,
    ]);
    const hash = await hashPassword(senha);
    const addUser = async (email: string, nome: string, extra: string, perfilId: number | null) => {
      const user = await tx.one<{ id: number }>(
        `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, filial_selecionada_id,
                              perfil_admin, is_contador, is_avanco, master, painel_administrativo, primeiro_acesso)
         SELECT $1, $2, $3, $4, $5, $6, $7, ${extra}, false RETURNING id`,
        [main.empresaId, demo.id, email, nome, hash, perfilId, matriz.id],
      );
      await tx.query('INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id) VALUES ($1, $2, $3)', [
        user.id,
        matriz.id,
        main.empresaId,
      ]);
    };
    await addUser('vendedor@erp.local', 'Victor Vendedor', 'false, false, false, false, false', vendas.id);
    await addUser('contador@erp.local', 'Carla Contadora', 'false, true, false, false, false', null);

    // Platform staff and the administrative panel user live in the platform's own company.
    const plataforma = await account(
      demo,
      'admin@erp.local',
      'Administrador da Plataforma',
      'Plataforma ERP',
    );
    await tx.query('UPDATE usuario SET is_avanco = true, master = true WHERE id = $1', [
      plataforma.usuarioId,
    ]);
    await tx.query('UPDATE empresa SET trial = false, data_vencimento = NULL WHERE id = $1', [
      plataforma.empresaId,
    ]);
    const painel = await tx.one<{ id: number }>(
      `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, painel_administrativo,
                            filial_selecionada_id, perfil_id, primeiro_acesso)
       SELECT $1, $2, 'painel@erp.local', 'Paula Painel', $3, true, f.id, p.id, false
         FROM filial f, perfil p WHERE f.empresa_id = $1 AND p.empresa_id = $1 LIMIT 1 RETURNING id`,
      [plataforma.empresaId, demo.id, hash],
    );
    await tx.query(
      'INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id) SELECT $1, id, empresa_id FROM filial WHERE empresa_id = $2',
      [painel.id, plataforma.empresaId],
    );

    // A trial company due in 10 days.
    const trial = await account(demo, 'trial@erp.local', 'Tiago Teste', 'Loja Teste Grátis ME');
    await tx.query('UPDATE empresa SET trial = true, data_vencimento = current_date + 10 WHERE id = $1', [
      trial.empresaId,
    ]);

    // One customer of the verde white-label.
    await account(verde, 'verde@erp.local', 'Vera Verde', 'Verde Mercado Ltda');
    return true;
  });
}
