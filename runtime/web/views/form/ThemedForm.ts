import { withTheme } from '@rjsf/core';
import { Theme } from '@rjsf/mui';
import { fields, widgets } from '../../registry/widgets/index.ts';
import { LayoutObjectFieldTemplate } from './LayoutObjectFieldTemplate.tsx';

/**
 * rjsf's Form with the MUI theme, the runtime's widget registry spread over the theme's widgets and the
 * layout-driven root template (tabs, sections, grid).
 */
export const ThemedForm = withTheme({
  ...Theme,
  templates: { ...Theme.templates, ObjectFieldTemplate: LayoutObjectFieldTemplate },
  widgets: { ...Theme.widgets, ...widgets },
  fields,
});
