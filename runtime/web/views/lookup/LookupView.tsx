import { Box, Typography } from '@mui/material';
import { LookupSection } from './LookupSection.tsx';
import type { LookupScreen } from './lookupTypes.ts';

/** The generic renderer of `lookup` screens: heading and description, then the lookup's section. */
export function LookupView({ declaration }: { declaration: LookupScreen }) {
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {declaration.title}
        </Typography>
        {declaration.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {declaration.description}
          </Typography>
        )}
      </Box>
      <LookupSection declaration={declaration} />
    </Box>
  );
}
