import type { components } from '../../../../generated/screens.d.ts';

/** A `dashboard` screen declaration (schemas/screens/<name>.screen.json, kind "dashboard"). */
export type DashboardScreen = components['schemas']['DashboardScreen'];
export type DashboardCardDeclaration = components['schemas']['dashboardCard'];
export type DashboardChartDeclaration = components['schemas']['dashboardChart'];
export type DashboardFilterLink = components['schemas']['dashboardFilterLink'];
export type DashboardFormat = components['schemas']['dashboardFormat'];
