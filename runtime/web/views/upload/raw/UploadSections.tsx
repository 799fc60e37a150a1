import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTenant } from '../../../app/RuntimeContext.tsx';
import { LookupSection } from '../../lookup/LookupSection.tsx';
import type { LookupScreen } from '../../lookup/lookupTypes.ts';
import { formulaText } from '../../tool/fillFormatted.ts';
import type { UploadScreen } from '../uploadTypes.ts';

/**
 * What an upload's `status` says is loaded now, as a section titled by it: its `lines` (formulas on the
 * state) or `empty`; nothing while it is read, nor without a title.
 */
export function UploadStatus({ spec, status }: { spec: UploadScreen['status']; status: unknown }) {
  if (!spec?.title || status === undefined) return null;
  return (
    <Paper component="section" aria-label={spec.title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {spec.title}
      </Typography>
      {status === null ? (
        <Typography color="text.secondary">{spec.empty}</Typography>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 4 }}>
          {(spec.lines ?? []).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: declared lines never reorder
            <Typography key={index} color={index === 0 ? undefined : 'text.secondary'}>
              {formulaText(line, status)}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The lookup sections an upload declares (`sections`: declarations of its route marked `section`), in
 * order; `version` changing (after an import) mounts them again so they read their rows anew.
 */
export function UploadSections({
  sections,
  version,
}: {
  sections: UploadScreen['sections'];
  version: number;
}) {
  const { schemas } = useTenant();
  const declared = Object.values(schemas.screens ?? {}) as LookupScreen[];
  return (
    <>
      {(sections ?? []).map((section) => {
        const declaration = declared.find(
          (candidate) => candidate?.name === section.name && candidate.section,
        );
        return declaration ? (
          <Box key={`${section.name}-${version}`} sx={{ mb: 2 }}>
            <LookupSection declaration={declaration} heading={section.heading} />
          </Box>
        ) : null;
      })}
    </>
  );
}
