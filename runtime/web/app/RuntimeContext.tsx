import { createContext, useContext } from 'react';
import type { components } from '../../../generated/api.d.ts';
import type { ApiClient } from '../api/createApiClient.ts';
import type { ResponseCache } from '../api/responseCache.ts';
import type { AppStorage } from './appStorage.ts';
import type { BootConfig } from './bootConfig.ts';

export type WhiteLabelConfig = components['schemas']['ConfigWhiteLabel'];
export type SchemaBundle = components['schemas']['SchemaBundle'];
export type UserInfo = components['schemas']['UserInfo'];

/** Infrastructure every screen may use: API client, storage, cache (react-admin style providers). */
export interface Runtime {
  boot: BootConfig;
  api: ApiClient;
  storage: AppStorage;
  cache: ResponseCache;
  /** Follows the tenant's cacheAtivo (spec 000 §9: cached responses only when enabled). */
  setCacheActive(active: boolean): void;
}

/** The white-label as loaded at start-up. */
export interface TenantState {
  config: WhiteLabelConfig;
  schemas: SchemaBundle;
  themeColor: string;
  /**
   * Fetches the published schemas again and swaps them in place (after a studio publication): mounted
   * screens re-render with the new labels and layout and keep what the user typed.
   */
  reloadSchemas(): Promise<void>;
  /** The studio's "Visualizar": renders this browser with the drafts applied (null returns to the published). */
  previewSchemas(bundle: SchemaBundle | null): void;
  /** True while the drafts preview is shown (only in the operator's own browser). */
  preview: boolean;
}

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** Spec 000 §4: stores the session and returns the login response's user flags. */
  login(
    email: string,
    password: string,
  ): Promise<{ isAvanco?: boolean; master?: boolean; isContador?: boolean }>;
  loginWithToken(token: string): Promise<UserInfo | null>;
  logout(): Promise<void>;
  refreshUser(): Promise<UserInfo | null>;
}

export const RuntimeContext = createContext<Runtime | null>(null);
export const TenantContext = createContext<TenantState | null>(null);
export const SessionContext = createContext<SessionState | null>(null);

function required<T>(value: T | null, name: string): T {
  if (value === null) throw new Error(`${name} usado fora do seu provedor`);
  return value;
}

/** Infrastructure of the running app. */
export const useRuntime = (): Runtime => required(useContext(RuntimeContext), 'useRuntime');
/** The current white-label (configuration + merged schemas). */
export const useTenant = (): TenantState => required(useContext(TenantContext), 'useTenant');
/** The session (token, user info, login/logout). */
export const useSession = (): SessionState => required(useContext(SessionContext), 'useSession');
