import { mergePatch } from '../../core/mergePatch.ts';
import {
  type ResolvedTenant,
  resolveTenant,
  type TenantSettings,
  tenantSlugs,
} from '../../core/resolveTenant.ts';
import type { SchemaFiles } from '../../core/validateSchemaSet.ts';
import type { Database } from '../db/database.ts';

/** A white-label as a request sees it: its database id, effective settings and merged schemas. */
export interface Tenant {
  id: number;
  settings: TenantSettings;
  schemas: SchemaFiles;
}

interface Row {
  id: number;
  id_config: string;
  slug: string | null;
  base: TenantSettings;
  patch: Record<string, unknown>;
}

const REFRESH_MS = 5_000;

/**
 * Knows every white-label: the ones shipped in tenants/ (synchronised into config_white_label at
 * start) and the ones created through the API. Changes made by any API process are picked up
 * within REFRESH_MS, so several processes agree without a shared cache.
 */
export class TenantRegistry {
  private tenants: Tenant[] = [];
  private loadedAt = 0;
  private readonly resolved = new Map<string, ResolvedTenant>();

  constructor(
    private readonly db: Database,
    private readonly files: SchemaFiles,
  ) {
    for (const slug of tenantSlugs(files)) this.resolved.set(slug, resolveTenant(files, slug));
  }

  /** Writes the shipped tenants' settings as the base of their rows (patches made via the API stay). */
  async sync(): Promise<void> {
    await this.db.withSystem(async (tx) => {
      for (const [slug, { settings }] of this.resolved) {
        await tx.query(
          `INSERT INTO config_white_label (id_config, slug, base) VALUES ($1, $2, $3)
           ON CONFLICT (id_config) DO UPDATE SET slug = EXCLUDED.slug, base = EXCLUDED.base`,
          [settings.idConfig, slug, JSON.stringify(settings)],
        );
      }
    });
    await this.reload();
  }

  async reload(): Promise<void> {
    const rows = await this.db.withSystem((tx) =>
      tx.query<Row>('SELECT id, id_config, slug, base, patch FROM config_white_label ORDER BY id'),
    );
    const baseSchemas = Object.fromEntries(
      Object.entries(this.files).filter(([path]) => path.startsWith('schemas/')),
    );
    this.tenants = rows.map((row) => ({
      id: row.id,
      settings: mergePatch(row.base, row.patch) as TenantSettings,
      schemas: (row.slug && this.resolved.get(row.slug)?.schemas) || baseSchemas,
    }));
    this.loadedAt = Date.now();
  }

  private async fresh(): Promise<Tenant[]> {
    if (Date.now() - this.loadedAt > REFRESH_MS) await this.reload();
    return this.tenants;
  }

  /** The tenant serving a host name (port ignored); the localhost tenant when none claims it. */
  async forHost(host: string | undefined): Promise<Tenant | undefined> {
    const tenants = await this.fresh();
    const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    return (
      tenants.find((tenant) => tenant.settings.domains?.includes(name)) ??
      tenants.find((tenant) => tenant.settings.domains?.includes('localhost'))
    );
  }

  async byId(id: number): Promise<Tenant | undefined> {
    return (await this.fresh()).find((tenant) => tenant.id === id);
  }

  async all(): Promise<Tenant[]> {
    return this.fresh();
  }

  /** Base schema files (without tenant patches). */
  get schemaFiles(): SchemaFiles {
    return this.files;
  }
}
