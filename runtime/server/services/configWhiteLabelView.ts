import settingsMetaSchema from '../../../schemas/_meta/tenant-settings.schema.json' with { type: 'json' };
import { redactSecrets, writeOnlyPaths } from '../../core/authorization/writeOnlySecrets.ts';
import { mergePatch } from '../../core/mergePatch.ts';
import type { TenantSettings } from '../../core/resolveTenant.ts';

/** A config_white_label row as the routes read it. */
export interface ConfigWhiteLabelRow {
  id: number;
  id_config: string;
  slug: string | null;
  base: Record<string, unknown>;
  patch: Record<string, unknown>;
  /** Short hash of the uploaded logo (cache buster), null without upload. */
  logo_versao: string | null;
}

/** SELECT list producing ConfigWhiteLabelRow from config_white_label. */
export const CONFIG_ROW_COLUMNS = `id, id_config, slug, base, patch,
  CASE WHEN logo IS NULL THEN NULL ELSE left(md5(logo), 12) END AS logo_versao`;

/** Settings members holding a file of the tenant: shown to browsers as loadable URLs. */
export const ASSET_FIELDS = [
  ['imagens', 'logo'],
  ['imagens', 'capa'],
  ['documentos', 'termoUso'],
  ['documentos', 'politicaPrivacidade'],
  ['misc', 'linkFavicon'],
] as const;

/** Settings members the meta-schema marks writeOnly (the CRM token…): never returned, only `<name>Definido`. */
export const SETTINGS_SECRET_PATHS = writeOnlyPaths(
  settingsMetaSchema as Parameters<typeof writeOnlyPaths>[0],
);

/** A path relative to tenants/<slug>/ becomes /tenants/<slug>/…; URLs and absolute paths stay. */
export function assetUrl(slug: string | null, value: string | undefined): string {
  if (!value || !slug || value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value ?? '';
  return `/tenants/${slug}/${value.replace(/^\.\//, '')}`;
}

/** The effective settings of a row: the base with the API's merge patch applied. */
export function effectiveSettings(row: ConfigWhiteLabelRow): TenantSettings {
  return mergePatch(row.base, row.patch) as TenantSettings;
}

/**
 * The white-label configuration as the API returns it (spec 001 §3.6): file paths as URLs, the
 * uploaded logo preferred. Secrets never leave the server (README "Segurança"): the CRM token is shown to
 * the white-label's `owner` (platform staff, its master) only as `TOKENDefinido`; anyone else gets the
 * public view, without the CRM stage either.
 */
export function configWhiteLabelView(row: ConfigWhiteLabelRow, owner: boolean) {
  const settings = redactSecrets(effectiveSettings(row), SETTINGS_SECRET_PATHS);
  const misc = structuredClone(settings.misc ?? {}) as Partial<TenantSettings['misc']>;
  if (!owner && misc.integracaoPloomes) {
    const { URL } = misc.integracaoPloomes;
    misc.integracaoPloomes = (
      URL === undefined ? {} : { URL }
    ) as TenantSettings['misc']['integracaoPloomes'];
  }
  misc.linkFavicon = assetUrl(row.slug, misc.linkFavicon);
  const logo = row.logo_versao
    ? `/api/ConfigWhiteLabels/${row.id}/logo?v=${row.logo_versao}`
    : assetUrl(row.slug, settings.imagens?.logo);
  return {
    id: row.id,
    idConfig: row.id_config,
    title: settings.title,
    tema: settings.tema,
    misc,
    modulos: settings.modulos ?? [],
    planoModulos: settings.planoModulos ?? [],
    imagens: { logo, capa: assetUrl(row.slug, settings.imagens?.capa) },
    documentos: {
      termoUso: assetUrl(row.slug, settings.documentos?.termoUso),
      politicaPrivacidade: assetUrl(row.slug, settings.documentos?.politicaPrivacidade),
    },
    API_ENDPOINT: settings.API_ENDPOINT ?? '',
    cacheAtivo: settings.cacheAtivo ?? false,
    cadastroAtivo: settings.cadastroAtivo ?? true,
    telaLogin: settings.telaLogin,
    planoPadrao: settings.planoPadrao,
    enderecoDownloadPdv: settings.enderecoDownloadPdv ?? '',
    ajuda: settings.ajuda,
    dominios: settings.domains ?? [],
  };
}

export type ConfigWhiteLabelView = ReturnType<typeof configWhiteLabelView>;
