import { Box } from '@mui/material';
import { LookupSection } from './LookupSection.tsx';
import type { LookupScreen } from './lookupTypes.ts';

/** The generic renderer of `lookup` screens: the lookup as a page (LookupSection `page`). */
export function LookupView({
  declaration,
  params,
}: {
  declaration: LookupScreen;
  params?: Record<string, string>;
}) {
  return (
    <Box sx={{ maxWidth: declaration.maxWidth ?? 1200, mx: 'auto' }}>
      <LookupSection declaration={declaration} page params={params} />
    </Box>
  );
}
