import { Box, Stack, Tab, Tabs } from '@mui/material';
import { Templates } from '@rjsf/mui';
import type { ErrorSchema, ObjectFieldTemplateProps } from '@rjsf/utils';
import { FormSectionGrid } from './FormSectionGrid.tsx';
import type { FormContext, FormLayout, LayoutTab } from './formTypes.ts';

const MuiObjectFieldTemplate = Templates.ObjectFieldTemplate as NonNullable<
  typeof Templates.ObjectFieldTemplate
>;

/** True when any field of the tab has an error (its label turns red so a hidden error is found). */
function tabHasErrors(tab: LayoutTab, errorSchema: ErrorSchema | undefined): boolean {
  const errors = errorSchema as Record<string, { __errors?: string[] }> | undefined;
  return tab.sections.some((section) =>
    section.fields.some(({ name }) => (errors?.[name]?.__errors?.length ?? 0) > 0),
  );
}

/**
 * The root ObjectFieldTemplate of generic forms: draws uiSchema 'ui:layout' (sections above, then MUI
 * Tabs with their sections; every tab stays mounted so validation and focus reach hidden fields). Objects
 * without a layout fall back to the MUI theme's template.
 */
export function LayoutObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const layout = props.uiSchema?.['ui:layout'] as FormLayout | undefined;
  if (!layout) return <MuiObjectFieldTemplate {...props} />;
  const context = props.registry.formContext as FormContext | undefined;
  const properties = new Map(props.properties.map((property) => [property.name, property]));
  const active = layout.tabs.some((tab) => tab.id === context?.activeTab)
    ? context?.activeTab
    : layout.tabs[0]?.id;
  return (
    <Stack spacing={2}>
      {layout.sections.map((section) => (
        <FormSectionGrid
          key={section.id}
          section={section}
          properties={properties}
          recordId={context?.recordId}
        />
      ))}
      {layout.tabs.length > 0 && (
        <Box>
          <Tabs
            value={active}
            onChange={(_event, tab: string) => context?.setActiveTab(tab)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            {layout.tabs.map((tab) => (
              <Tab
                key={tab.id}
                value={tab.id}
                label={tab.title}
                id={`form-tab-${tab.id}`}
                aria-controls={`form-tabpanel-${tab.id}`}
                sx={tabHasErrors(tab, props.errorSchema) ? { color: 'error.main' } : undefined}
              />
            ))}
          </Tabs>
          {layout.tabs.map((tab) => (
            <Stack
              key={tab.id}
              spacing={2}
              role="tabpanel"
              id={`form-tabpanel-${tab.id}`}
              aria-labelledby={`form-tab-${tab.id}`}
              hidden={tab.id !== active}
              sx={tab.id !== active ? { display: 'none' } : undefined}
            >
              {tab.sections.map((section) => (
                <FormSectionGrid
                  key={section.id}
                  section={section}
                  properties={properties}
                  recordId={context?.recordId}
                />
              ))}
            </Stack>
          ))}
        </Box>
      )}
      {props.properties
        .filter((property) => property.hidden)
        .map((property) => (
          <Box key={property.name} sx={{ display: 'none' }}>
            {property.content}
          </Box>
        ))}
    </Stack>
  );
}
