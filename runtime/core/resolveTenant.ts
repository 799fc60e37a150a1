import { createSchemaValidator } from './createSchemaValidator.ts';
import { isPlainObject } from './mergePatch.ts';
import { overrideTarget, schemaKind } from './schemaKind.ts';
import { applyOverride, metaSchemasOf, type SchemaFiles } from './validateSchemaSet.ts';

/** Tenant settings after defaults (schemas/_meta/tenant-settings.schema.json). */
export interface TenantSettings {
  slug: string;
  idConfig: string;
  domains: string[];
  title: string;
  tema: string;
  API_ENDPOINT: string;
  cacheAtivo: boolean;
  cadastroAtivo: boolean;
  /** Origins allowed to frame the embedded sign-up page (CSP frame-ancestors). */
  cadastroOrigensPermitidas: string[];
  imagens: { logo: string; capa: string };
  telaLogin: { tipo: 'imagem' | 'iframe' | 'html'; iframeUrl: string; html: string };
  documentos: { termoUso: string; politicaPrivacidade: string };
  modulos: Array<{ id: string; ativo: boolean; menus?: string[] }>;
  planoModulos: Array<{ id: string; nome: string; descricao?: string; valor?: number; visivel: boolean }>;
  enderecoDownloadPdv: string;
  planoPadrao: { idExterno: string; diasTrial: number };
  ajuda: {
    links: Array<{ titulo: string; url: string; descricao: string }>;
    contato: { email: string; telefone: string; whatsapp: string; horarioAtendimento: string };
  };
  misc: {
    textoDestaqueCadastro: string;
    textoAlertaCadastro: string;
    exibirCpfCnpjTelaCadastro: boolean;
    exibirNomeUsuarioTelaCadastro: boolean;
    exibirNomeEmpresaTelaCadastro: boolean;
    exibirTelefoneTelaCadastro: boolean;
    exibirRegimeTelaCadastro: boolean;
    customThemeColor: string;
    secondaryThemeColor: string;
    linkFavicon: string;
    scriptIncorporar: string;
    scriptLink: string;
    adobeAnalytics: boolean;
    integracaoPloomes: { STAGE_ID: string | number; TOKEN: string; URL: string };
  };
}

/** A tenant as the runtime serves it: its settings and every schemas/ file with its patches applied. */
export interface ResolvedTenant {
  settings: TenantSettings;
  schemas: SchemaFiles;
}

/** Lists the tenant slugs present in the set. */
export function tenantSlugs(files: SchemaFiles): string[] {
  return Object.keys(files)
    .filter((path) => schemaKind(path) === 'tenant-settings')
    .map((path) => path.split('/')[1] as string)
    .sort();
}

/**
 * Resolves one tenant: applies the settings defaults and merges each override patch over its
 * schemas/ target. Throws with the file, pointer and reason when the settings are invalid
 * (validateSchemaSet reports the same problems without throwing).
 */
export function resolveTenant(files: SchemaFiles, slug: string): ResolvedTenant {
  const settingsPath = `tenants/${slug}/tenant.json`;
  if (!(settingsPath in files)) throw new Error(`white-label "${slug}" não existe (${settingsPath})`);
  const settings = structuredClone(files[settingsPath]);
  const validator = createSchemaValidator(metaSchemasOf(files), { useDefaults: true });
  const issues = validator.validate('tenant-settings', settingsPath, settings);
  if (issues.length > 0) throw new Error(issues.map((i) => `${i.file}${i.pointer}: ${i.message}`).join('\n'));

  const schemas: SchemaFiles = {};
  for (const [path, content] of Object.entries(files))
    if (path.startsWith('schemas/')) schemas[path] = content;
  const prefix = `tenants/${slug}/overrides/`;
  for (const [path, patch] of Object.entries(files)) {
    if (!path.startsWith(prefix)) continue;
    const target = overrideTarget(path) as string;
    if (!(target in schemas)) throw new Error(`${path}: o alvo ${target} não existe em schemas/`);
    schemas[target] = applyOverride(schemas[target], patch);
  }
  return { settings: settings as TenantSettings, schemas };
}

/** Finds the tenant serving a host name (port ignored); falls back to the first tenant listing "localhost". */
export function tenantForHost(
  tenants: TenantSettings[],
  host: string | undefined,
): TenantSettings | undefined {
  const name = (host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  return (
    tenants.find((tenant) => tenant.domains.includes(name)) ??
    tenants.find((tenant) => tenant.domains.includes('localhost'))
  );
}

/** Theme colour of a tenant: the named theme's colour, or customThemeColor for the custom theme. */
export function resolveTheme(
  themesFile: unknown,
  settings: Pick<TenantSettings, 'tema' | 'misc'>,
): { name: string; themeColor: string; secondaryColor: string } {
  const themes = isPlainObject(themesFile) && isPlainObject(themesFile.themes) ? themesFile.themes : {};
  const theme = (themes[settings.tema] ?? themes.azul) as
    | { themeColor: string; useCustomColor?: boolean }
    | undefined;
  const name = settings.tema in themes ? settings.tema : 'azul';
  const themeColor = theme?.useCustomColor
    ? settings.misc.customThemeColor
    : (theme?.themeColor ?? '#2196f3');
  return { name, themeColor, secondaryColor: settings.misc.secondaryThemeColor };
}
