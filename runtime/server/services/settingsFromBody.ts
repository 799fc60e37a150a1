import { keepBlankSecrets } from '../../core/authorization/writeOnlySecrets.ts';
import { isPlainObject } from '../../core/mergePatch.ts';
import type { TenantSettings } from '../../core/resolveTenant.ts';
import { HttpError } from '../errors.ts';
import { ASSET_FIELDS, type ConfigWhiteLabelView, SETTINGS_SECRET_PATHS } from './configWhiteLabelView.ts';

/** API member → settings member of a white-label configuration (id is the route's, never stored). */
const SETTINGS_NAMES: Record<string, string> = {
  idConfig: 'idConfig',
  title: 'title',
  tema: 'tema',
  misc: 'misc',
  modulos: 'modulos',
  planoModulos: 'planoModulos',
  imagens: 'imagens',
  documentos: 'documentos',
  API_ENDPOINT: 'API_ENDPOINT',
  cacheAtivo: 'cacheAtivo',
  cadastroAtivo: 'cadastroAtivo',
  telaLogin: 'telaLogin',
  planoPadrao: 'planoPadrao',
  enderecoDownloadPdv: 'enderecoDownloadPdv',
  ajuda: 'ajuda',
  dominios: 'domains',
};

/**
 * Turns a POST/PUT body into settings members (blank write-only secrets left out, so the stored ones stay). When `current` is given (PUT), URL members that still
 * hold the URL the API showed (e.g. /tenants/demo/assets/logo.svg) get their stored value back, so a
 * GET → edit → PUT round trip changes only what the person edited.
 */
export function settingsFromBody(
  body: Record<string, unknown>,
  current?: { view: ConfigWhiteLabelView; settings: TenantSettings },
): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'id' || value === undefined) continue;
    const name = Object.hasOwn(SETTINGS_NAMES, key) ? SETTINGS_NAMES[key] : undefined;
    if (!name) {
      throw new HttpError(
        400,
        'CAMPO_DESCONHECIDO',
        `O campo "${key}" não existe na configuração de white-label.`,
      );
    }
    sent[name] = value;
  }
  // A blank secret (the form's empty password field) keeps the stored one; null clears it.
  const settings = keepBlankSecrets(sent, SETTINGS_SECRET_PATHS);
  if (!current) return settings;
  for (const [group, member] of ASSET_FIELDS) {
    const sent = settings[group];
    if (!isPlainObject(sent) || sent[member] === undefined) continue;
    const shown = (current.view[group] as Record<string, unknown>)[member];
    const stored = (current.settings[group] as unknown as Record<string, unknown> | undefined)?.[member];
    if (sent[member] === shown) sent[member] = stored ?? '';
  }
  return settings;
}
