import type { DashboardScreen } from './dashboardTypes.ts';

/**
 * The cards, charts and links of a dashboard a profile may see: each block whose `permission` key the
 * user holds at VISUALIZAR (`allowed`, the check menus use); a hidden block's operation is never called.
 */
export function visibleBlocks(declaration: DashboardScreen, allowed: (permission?: string) => boolean) {
  return {
    cards: Object.entries(declaration.cards ?? {}).filter(([, card]) => allowed(card.permission)),
    charts: Object.entries(declaration.charts ?? {}).filter(([, chart]) => allowed(chart.permission)),
    links: (declaration.links ?? []).filter((link) => allowed(link.permission)),
  };
}
