import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { CepWidget } from './CepWidget.tsx';
import { ChildCollectionField } from './ChildCollectionField.tsx';
import { CounterTextareaWidget } from './CounterTextareaWidget.tsx';
import { CpfCnpjWidget } from './CpfCnpjWidget.tsx';
import { DateWidget } from './DateWidget.tsx';
import { DecimalWidget } from './DecimalWidget.tsx';
import { EnumWidget } from './EnumWidget.tsx';
import { JsonWidget } from './JsonWidget.tsx';
import { MoneyWidget } from './MoneyWidget.tsx';
import { MunicipioWidget } from './MunicipioWidget.tsx';
import { PercentWidget } from './PercentWidget.tsx';
import { PermissionLevelsWidget } from './PermissionLevelsWidget.tsx';
import { PhoneWidget } from './PhoneWidget.tsx';
import { RelationWidget } from './RelationWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';
import { TreeParentWidget } from './TreeParentWidget.tsx';
import { WidgetField } from './WidgetField.tsx';

/**
 * The runtime's widgets by the names form files use; rjsf spreads them over the theme's widgets, so a
 * name here (e.g. DateWidget) replaces the theme's and any other theme widget stays available.
 */
export const widgets: RegistryWidgetsType = {
  CepWidget,
  CounterTextareaWidget,
  CpfCnpjWidget,
  DateWidget,
  DecimalWidget,
  EnumWidget,
  JsonWidget,
  MoneyWidget,
  MunicipioWidget,
  PercentWidget,
  PermissionLevelsWidget,
  PhoneWidget,
  RelationWidget,
  SwitchWidget,
  TreeParentWidget,
};

/** Widgets that edit a whole object or array value; buildUiSchema routes them through WidgetField. */
export const objectWidgets: ReadonlySet<string> = new Set(['PermissionLevelsWidget', 'JsonWidget']);

/** Extra rjsf fields of the runtime. */
export const fields: RegistryFieldsType = { WidgetField, ChildCollectionField };
