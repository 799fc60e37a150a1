import { checkPermission } from './checkPermission.ts';
import { isLongTrial } from './subscriptionState.ts';
import {
  type MenuConditions,
  type MenuContext,
  type MenuItem,
  type MenuItemSchema,
  PermissionLevel,
} from './types.ts';

type ConditionValues = Required<MenuConditions>;
type ConditionName = keyof ConditionValues;
type ConditionCheck<K extends ConditionName> = (value: ConditionValues[K], ctx: MenuContext) => boolean;
/** MenuConditions restated over ConditionValues so that TypeScript correlates a name with its value. */
type ConditionMap = { [K in ConditionName]?: ConditionValues[K] };

/**
 * When the tenant lists no modules at all, every module counts as active: a tenant without module
 * configuration must not lose every module-gated menu.
 */
function isModuleActive(id: string, ctx: MenuContext): boolean {
  return ctx.modules.length === 0 || ctx.modules.some((module) => module.id === id && module.ativo);
}

/** One check per condition of spec 000 §6; an item shows only when every condition it carries holds. */
const CONDITION_CHECKS: { [K in ConditionName]: ConditionCheck<K> } = {
  module: (id, ctx) => isModuleActive(id, ctx),
  boletoGateway: (_, ctx) => ctx.boletoGateway,
  minStocks: (min, ctx) => ctx.stockCount >= min,
  contractAndBilling: (_, ctx) => ctx.hasContract && ctx.hasBillingIntegration,
  notLongTrial: (_, ctx) => !isLongTrial(ctx.trial, ctx.dataVencimento, ctx.now),
  planModules: (_, ctx) => ctx.planModulesCount > 0,
  posAddress: (_, ctx) => Boolean(ctx.posAddress),
  avancoOnly: (_, ctx) => ctx.user?.isAvanco === true,
  avancoOrMaster: (_, ctx) => ctx.user?.isAvanco === true || ctx.user?.master === true,
  // Not a filter by itself: it decides what an accountant keeps (see filterItems).
  accountant: () => true,
};

/** Runs the check of one condition; a name unknown to this table fails closed. */
function conditionHolds<K extends ConditionName>(
  name: K,
  conditions: ConditionMap,
  ctx: MenuContext,
): boolean {
  const value: ConditionValues[K] | undefined = conditions[name];
  if (value === undefined) return true;
  // Undefined only for a name outside MenuConditions, which the meta-schema forbids.
  const check: ConditionCheck<K> | undefined = CONDITION_CHECKS[name];
  return check ? check(value, ctx) : false;
}

/** True unless the item is hidden or one of its conditions fails. */
function isShown(item: MenuItemSchema, ctx: MenuContext): boolean {
  if (item.hidden) return false;
  const conditions = item.conditions ?? {};
  return (Object.keys(conditions) as ConditionName[]).every((name) => conditionHolds(name, conditions, ctx));
}

/** The rendered shape: schema fields that the shell uses, without the filter-only ones. */
function toMenuItem(id: string, item: MenuItemSchema, children?: MenuItem[]): MenuItem {
  const result: MenuItem = { id, title: item.title };
  if (item.link !== undefined) result.link = item.link;
  if (item.url !== undefined) result.url = item.url;
  if (item.action !== undefined) result.action = item.action;
  if (item.icon !== undefined) result.icon = item.icon;
  if (item.expanded !== undefined) result.expanded = item.expanded;
  if (item.data !== undefined) result.data = { ...item.data };
  if (children !== undefined) result.children = children;
  return result;
}

/** Filters one level; `accountantOnly` is set while an accountant is outside an item flagged accountant. */
function filterItems(
  items: Record<string, MenuItemSchema>,
  ctx: MenuContext,
  accountantOnly: boolean,
): MenuItem[] {
  const result: MenuItem[] = [];
  for (const [id, item] of Object.entries(items)) {
    if (!isShown(item, ctx)) continue;
    const restricted = accountantOnly && item.conditions?.accountant !== true;
    if (item.children && Object.keys(item.children).length > 0) {
      const children = filterItems(item.children, ctx, restricted);
      if (children.length > 0) result.push(toMenuItem(id, item, children));
      continue;
    }
    if (restricted) continue;
    const key = item.data?.key;
    if (key !== undefined && !checkPermission(ctx.user, key, PermissionLevel.VISUALIZAR)) continue;
    result.push(toMenuItem(id, item));
  }
  return result;
}

/**
 * Turns a keyed menu schema into the ordered items the shell renders, applying spec 000 §6: hidden items,
 * item conditions, view permission on leaves, the accountant's reduced set (items flagged accountant, with
 * their whole subtree, plus groups keeping such a descendant) and dropping groups left empty.
 */
export function filterMenu(items: Record<string, MenuItemSchema>, ctx: MenuContext): MenuItem[] {
  return filterItems(items, ctx, ctx.user?.isContador === true);
}
