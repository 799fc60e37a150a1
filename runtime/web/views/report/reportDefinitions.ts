import { REPORT_FORMATS, type ReportFormat } from '../../../core/constants.ts';
import type { ReportDefinition } from '../../../core/reportDefinition.ts';

export type {
  ReportColumn,
  ReportDefinition,
  ReportFilter,
  ReportFilterType,
} from '../../../core/reportDefinition.ts';

/** The report menus of schemas/menus (Relatórios › Estoque, Vendas, Financeiro, Pessoas). */
export const REPORT_MENUS = [
  'estoque',
  'vendas',
  'financeiro',
  'pessoas',
] as const satisfies readonly ReportDefinition['menu'][];
export type ReportMenu = ReportDefinition['menu'];

/** Heading of each report menu page. */
export const REPORT_MENU_TITLES: Record<ReportMenu, string> = {
  estoque: 'Relatórios de Estoque',
  vendas: 'Relatórios de Vendas',
  financeiro: 'Relatórios Financeiros',
  pessoas: 'Relatórios de Pessoas',
};

/**
 * The hash-route segment (pages/relatorios/<segment>) of the reports that spec 000 §2.5 names after their
 * menu; every other report is reached by its own name (movimentacao-estoque, produtos-alterados,
 * entrada-nota-fiscal, and any report added later).
 */
export const REPORT_ROUTE_SEGMENTS: Readonly<Record<string, string>> = {
  'posicao-estoque': 'estoque',
  'vendas-periodo': 'vendas',
  'contas-vencimento': 'financeiro',
  'pessoas-lista': 'pessoas',
};

/** Route segments that are pages of their own, never a report. */
const RESERVED_SEGMENTS = new Set(['exportacoes']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isDefinition(value: unknown): value is ReportDefinition {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    typeof value.title === 'string' &&
    typeof value.permission === 'string' &&
    (REPORT_MENUS as readonly unknown[]).includes(value.menu) &&
    isObject(value.columns)
  );
}

/**
 * The report definitions of the tenant's merged schemas: the bundle's `reports` (keyed by name or by
 * file path) or, in a bundle keyed by file path, the schemas/reports/*.report.json entries. Sorted by
 * title so menus read alphabetically.
 */
export function readReportDefinitions(schemas: unknown): ReportDefinition[] {
  if (!isObject(schemas)) return [];
  const candidates = [
    ...(isObject(schemas.reports) ? Object.values(schemas.reports) : []),
    ...Object.entries(schemas)
      .filter(([key]) => /^schemas\/reports\/[^/]+\.report\.json$/.test(key))
      .map(([, value]) => value),
  ];
  const byName = new Map<string, ReportDefinition>();
  for (const candidate of candidates) if (isDefinition(candidate)) byName.set(candidate.name, candidate);
  return [...byName.values()].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR'));
}

/** The route segment of a report (pages/relatorios/<segment>). */
export function reportRouteSegment(definition: ReportDefinition): string {
  return REPORT_ROUTE_SEGMENTS[definition.name] ?? definition.name;
}

/** The hash route of a report's page, with the leading slash the router links use. */
export function reportRoute(definition: ReportDefinition): string {
  return `/pages/relatorios/${reportRouteSegment(definition)}`;
}

/** The report whose page a route segment is, if any. */
export function findReportByRoute(
  definitions: readonly ReportDefinition[],
  segment: string,
): ReportDefinition | undefined {
  if (RESERVED_SEGMENTS.has(segment)) return undefined;
  return definitions.find((definition) => reportRouteSegment(definition) === segment);
}

/** The formats a report offers, in the usual order (both when the definition does not say). */
export function reportFormats(definition: ReportDefinition): ReportFormat[] {
  const declared = definition.formats;
  return REPORT_FORMATS.filter((format) => !declared || declared.includes(format));
}

/** Whether a route segment names one of the report menus. */
export const isReportMenu = (menu: string): menu is ReportMenu =>
  (REPORT_MENUS as readonly string[]).includes(menu);

/**
 * What a route is among the report pages: a report menu (pages/relatorios/<menu>/menu) or a report's
 * page (pages/relatorios/<segment>, a page of its own such as exportacoes excepted), else null. An unknown
 * segment is still a report page: it says the report does not exist.
 */
export function reportScreenOf(route: string): { menu: string } | { segment: string } | null {
  const parts = route.split('/').filter(Boolean);
  if (parts[0] !== 'pages' || parts[1] !== 'relatorios' || !parts[2]) return null;
  if (parts.length === 4 && parts[3] === 'menu') return { menu: decodeURIComponent(parts[2]) };
  if (parts.length === 3 && !RESERVED_SEGMENTS.has(parts[2]))
    return { segment: decodeURIComponent(parts[2]) };
  return null;
}
