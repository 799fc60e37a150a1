import { Box } from '@mui/material';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/**
 * The parameters of a tool in a responsive grid: stacked on phones, the declared grid template
 * (`parameters.columns`, passed as formContext.columns) from md up; a field's uiSchema
 * `ui:gridColumn` (e.g. "span 6") places it in that grid.
 */
export function ToolParametersTemplate(props: ObjectFieldTemplateProps) {
  const columns = (props.registry.formContext as { columns?: string } | undefined)?.columns;
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
          const column = (props.uiSchema?.[property.name] as Record<string, unknown> | undefined)?.[
            'ui:gridColumn'
          ];
          return (
            <Box
              key={property.name}
              sx={{
                minWidth: 0,
                gridColumn: { xs: 'auto', md: typeof column === 'string' ? column : 'auto' },
              }}
            >
              {property.content}
            </Box>
          );
        })}
    </Box>
  );
}
