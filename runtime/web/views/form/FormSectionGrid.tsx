import { Box, Paper, Typography } from '@mui/material';
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import type { LayoutSection } from './formTypes.ts';
import { RelatedRecords } from './RelatedRecords.tsx';

/**
 * One section of a form: a titled outlined block whose fields sit on a CSS grid of `columns` (one column
 * on phones), each spanning its colSpan; a `related` section holds a read-only list of related records.
 */
export function FormSectionGrid({
  section,
  properties,
  recordId,
}: {
  section: LayoutSection;
  properties: ReadonlyMap<string, ObjectFieldTemplatePropertyType>;
  /** The saved record's id (a related list reads the records pointing at it). */
  recordId?: number;
}) {
  const fields = section.fields.filter(({ name }) => properties.has(name));
  if (section.related)
    return (
      <RelatedRecords related={section.related} recordId={recordId} title={section.title}>
        {(content) => (
          <Paper
            variant="outlined"
            component="section"
            aria-label={section.title}
            sx={{ p: { xs: 2, sm: 2.5 } }}
          >
            {section.title && (
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                {section.title}
              </Typography>
            )}
            <Box sx={{ overflowX: 'auto' }}>{content}</Box>
          </Paper>
        )}
      </RelatedRecords>
    );
  if (fields.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-label={section.title} sx={{ p: { xs: 2, sm: 2.5 } }}>
      {section.title && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {section.title}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${section.columns}, minmax(0, 1fr))` },
        }}
      >
        {fields.map(({ name, colSpan }) => (
          <Box key={name} sx={{ gridColumn: { xs: '1 / -1', sm: `span ${colSpan}` }, minWidth: 0 }}>
            {properties.get(name)?.content}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
