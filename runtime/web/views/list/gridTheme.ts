import { themeQuartz } from 'ag-grid-community';

/** AG Grid's Quartz theme in the tenant's colours: accent, header tint and row hover from its primary. */
export function gridTheme(primary: string) {
  return themeQuartz.withParams({
    accentColor: primary,
    browserColorScheme: 'light',
    fontFamily: 'inherit',
    fontSize: 14,
    headerFontSize: 13,
    headerFontWeight: 600,
    headerBackgroundColor: { ref: 'accentColor', mix: 0.07, onto: 'backgroundColor' },
    rowHoverColor: { ref: 'accentColor', mix: 0.06 },
    wrapperBorderRadius: 8,
    borderRadius: 6,
    rowHeight: 44,
    headerHeight: 44,
  });
}
