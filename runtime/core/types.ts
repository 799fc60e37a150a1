/** Shared shapes of the schema files and of the session, used by server and web alike. */

/** Five-step permission scale of spec 000 §3 / spec 001 §3.1. */
export const PermissionLevel = {
  NENHUMA: 0,
  VISUALIZAR: 1,
  CRIAR: 2,
  ALTERAR: 3,
  TOTAL: 4,
} as const;
export type PermissionLevel = (typeof PermissionLevel)[keyof typeof PermissionLevel];

/** Conditions of spec 000 §6 that a menu item may carry (schemas/_meta/menu.schema.json). */
export interface MenuConditions {
  module?: string;
  boletoGateway?: true;
  minStocks?: number;
  contractAndBilling?: true;
  notLongTrial?: true;
  planModules?: true;
  posAddress?: true;
  avancoOnly?: true;
  avancoOrMaster?: true;
  accountant?: true;
}

export interface MenuItemSchema {
  title: string;
  link?: string;
  url?: string;
  action?: string;
  icon?: string;
  expanded?: boolean;
  hidden?: boolean;
  data?: { key?: string };
  conditions?: MenuConditions;
  children?: Record<string, MenuItemSchema>;
}

export interface MenuSchema {
  $schema: string;
  name: 'main' | 'settings' | 'admin' | 'painel' | 'user';
  title: string;
  items: Record<string, MenuItemSchema>;
}

/** A menu item as the shell renders it (spec 000 §3: title, link, icon, data.key, children). */
export interface MenuItem {
  id: string;
  title: string;
  link?: string;
  url?: string;
  action?: string;
  icon?: string;
  expanded?: boolean;
  data?: { key?: string };
  children?: MenuItem[];
}

/** Flags and permissions of the signed-in user that the permission check and menu filter read. */
export interface SessionUser {
  id?: number | string;
  nome?: string;
  perfilAdmin?: boolean;
  suporteWhiteLabel?: boolean;
  isContador?: boolean;
  isAvanco?: boolean;
  master?: boolean;
  painelAdministrativo?: boolean;
  /** Map from permission key to level; missing or malformed means "no map": denied (deny by default). */
  permissoes?: Record<string, number> | null;
}

export interface ModuleState {
  id: string;
  ativo: boolean;
  menus?: string[];
}

/** Everything besides the user that the menu filter of spec 000 §6 depends on. */
export interface MenuContext {
  user: SessionUser | null;
  /** Modules of the tenant/company (configWhiteLabel.modulos). */
  modules: ModuleState[];
  /** Whether a boleto gateway is configured for the company. */
  boletoGateway: boolean;
  /** Number of stocks (depósitos) of the company. */
  stockCount: number;
  /** The selected branch has a contract (contratoId). */
  hasContract: boolean;
  /** The selected branch has a billing integration. */
  hasBillingIntegration: boolean;
  /** Subscription: trial flag and due date (ISO string). */
  trial: boolean;
  dataVencimento: string | null;
  /** Number of plan modules the tenant offers (planoModulos). */
  planModulesCount: number;
  /** Address of the POS program download, if any. */
  posAddress: string | null;
  /** "Today", injected so the rule is deterministic. */
  now: Date;
}
