import type { Database } from '../../runtime/server/db/database.ts';
import type { Tenant, TenantRegistry } from '../../runtime/server/services/tenantRegistry.ts';

/** The white-label named on the command line, by slug or idConfig; throws a pt-BR message when none. */
export async function findWhiteLabel(db: Database, registry: TenantRegistry, name: string): Promise<Tenant> {
  const [row] = await db.withSystem((tx) =>
    tx.query<{ id: number }>('SELECT id FROM config_white_label WHERE slug = $1 OR id_config = $1 LIMIT 1', [
      name,
    ]),
  );
  const tenant = row ? await registry.byId(Number(row.id)) : undefined;
  if (!tenant) throw new Error(`White-label "${name}" não encontrado (informe o slug ou o idConfig).`);
  return tenant;
}
