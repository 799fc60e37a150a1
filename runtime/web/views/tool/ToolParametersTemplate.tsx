import { Box, Typography } from '@mui/material';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Fragment } from 'react';
import { ParameterTable } from './ParameterTable.tsx';
import type { ToolScreen } from './toolTypes.ts';

type Tables = NonNullable<ToolScreen['parameters']['tables']>;
type Table = Tables[string];
/** What the form hands its template: the grid, the table parameters and the values to edit them. */
interface ParametersContext {
  columns?: string;
  tables?: Tables;
  values: Record<string, unknown>;
  onChange(values: Record<string, unknown>): void;
}

/**
 * The parameters of a tool in a responsive grid: stacked on phones, the declared grid template
 * (`parameters.columns`, passed as formContext.columns) from md up; a field's uiSchema
 * `ui:gridColumn` (e.g. "span 6") places it in that grid; its `ui:heading` is a section title (h2) on a
 * row of its own before it. A nested object's `ui:options.columns` is its own grid template. A parameter of `tables` is edited as a table of its objects (ParameterTable).
 */
export function ToolParametersTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as ParametersContext | undefined;
  // A nested object (an array's item, a group of fields) may declare its own grid: ui:options.columns.
  const own = (props.uiSchema?.['ui:options'] as { columns?: unknown } | undefined)?.columns;
  const columns =
    typeof own === 'string' ? own : props.fieldPathId.path.length === 0 ? context?.columns : undefined;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: columns ?? 'repeat(auto-fit, minmax(180px, 1fr))' },
      }}
    >
      {props.properties
        .filter((property) => !property.hidden)
        .map((property) => {
          const ui = props.uiSchema?.[property.name] as Record<string, unknown> | undefined;
          const column = ui?.['ui:gridColumn'];
          const heading = ui?.['ui:heading'];
          return (
            <Fragment key={property.name}>
              {typeof heading === 'string' && (
                <Typography variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
                  {heading}
                </Typography>
              )}
              <Box
                sx={{
                  minWidth: 0,
                  gridColumn: { xs: 'auto', md: typeof column === 'string' ? column : 'auto' },
                }}
              >
                {context?.tables?.[property.name] ? (
                  <ParameterTable
                    spec={context.tables[property.name] as Table}
                    rows={(context.values[property.name] as Array<Record<string, unknown>> | undefined) ?? []}
                    onChange={(rows) => context.onChange({ ...context.values, [property.name]: rows })}
                  />
                ) : (
                  property.content
                )}
              </Box>
            </Fragment>
          );
        })}
    </Box>
  );
}
