import {
  CellStyleModule,
  ColumnApiModule,
  CustomFilterModule,
  DateFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  RowApiModule,
  RowStyleModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let registered = false;

/**
 * Registers the AG Grid Community modules the list screens use (infinite row model, text/number/date and
 * custom filters, pinned actions column, pt-BR locale) once; the validation module only in development.
 */
export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    InfiniteRowModelModule,
    TextFilterModule,
    NumberFilterModule,
    DateFilterModule,
    CustomFilterModule,
    CellStyleModule,
    RowStyleModule,
    ColumnApiModule,
    RowApiModule,
    TooltipModule,
    LocaleModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}
