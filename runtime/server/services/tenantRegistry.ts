import type { SchemaIssue } from '../../core/createSchemaValidator.ts';
import { mergePatch } from '../../core/mergePatch.ts';
import {
  type ResolvedTenant,
  resolveTenant,
  type TenantSettings,
  tenantSlugs,
} from '../../core/resolveTenant.ts';
import {
  applyCustomizations,
  type Customizations,
  tolerantCustomizations,
} from '../../core/studio/applyCustomizations.ts';
import type { SchemaFiles } from '../../core/validateSchemaSet.ts';
import type { Database } from '../db/database.ts';

/** A white-label as a request sees it: its database id, effective settings and merged schemas. */
export interface Tenant {
  id: number;
  settings: TenantSettings;
  /** schemas/ → tenants/<slug>/overrides/ → the studio's published customisations. */
  schemas: SchemaFiles;
  /** Version of the studio layer in `schemas` (0: none published). */
  schemasVersion: number;
  /** The schemas before the studio layer (what the studio's rules compare against). */
  layered: SchemaFiles;
  /**
   * Published customisations that no longer apply to the current base (a field or screen gone after an
   * upgrade): listed, never dropped silently; the rest of the layer still applies.
   */
  customizationIssues: SchemaIssue[];
}

interface Published {
  config_white_label_id: number;
  versao: number;
  patches: Customizations;
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
  /** Merged schemas per white-label and studio version: a publish adds a key, nothing is recomputed per request. */
  private readonly customized = new Map<string, { schemas: SchemaFiles; issues: SchemaIssue[] }>();

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
    const [rows, published] = await this.db.withSystem(async (tx) => [
      await tx.query<Row>('SELECT id, id_config, slug, base, patch FROM config_white_label ORDER BY id'),
      await tx.query<Published>(
        `SELECT DISTINCT ON (config_white_label_id) config_white_label_id, versao, patches
           FROM customizacao_versao ORDER BY config_white_label_id, versao DESC`,
      ),
    ]);
    const versions = new Map(published.map((row) => [Number(row.config_white_label_id), row]));
    this.tenants = rows.map((row) => {
      const id = Number(row.id);
      const layered = this.layeredFor(row.slug);
      const studio = versions.get(id);
      const key = `${id}:${studio?.versao ?? 0}`;
      let merged = this.customized.get(key);
      if (!merged) {
        merged = studio
          ? tolerantCustomizations(layered, studio.patches, this.files)
          : { schemas: layered, issues: [] };
        for (const old of this.customized.keys()) if (old.startsWith(`${id}:`)) this.customized.delete(old);
        this.customized.set(key, merged);
      }
      return {
        id,
        settings: mergePatch(row.base, row.patch) as TenantSettings,
        schemas: merged.schemas,
        schemasVersion: studio?.versao ?? 0,
        layered,
        customizationIssues: merged.issues,
      };
    });
    this.loadedAt = Date.now();
  }

  /** A white-label's schemas before the studio layer: schemas/ plus its tenants/<slug>/overrides/ files. */
  layeredFor(slug: string | null): SchemaFiles {
    const shipped = slug ? this.resolved.get(slug)?.schemas : undefined;
    if (shipped) return shipped;
    this.baseSchemas ??= Object.fromEntries(
      Object.entries(this.files).filter(([path]) => path.startsWith('schemas/')),
    );
    return this.baseSchemas;
  }
  private baseSchemas: SchemaFiles | undefined;

  /**
   * The schemas a white-label would serve with `customizations` as its studio layer (drafts over the
   * published version, for the studio's validation and preview); the issues say why a layer is refused.
   */
  preview(tenant: Tenant, customizations: Customizations) {
    return applyCustomizations(tenant.layered, customizations, this.files);
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
