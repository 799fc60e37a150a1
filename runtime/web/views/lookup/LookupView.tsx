import { Box, Button, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { LookupSection } from './LookupSection.tsx';
import type { LookupScreen } from './lookupTypes.ts';
import { useFormButtonAllowed } from './useFormButtonAllowed.ts';

/**
 * The generic renderer of `lookup` screens: heading and description (with the declared form's create
 * button on the right), then the lookup's section.
 */
export function LookupView({ declaration }: { declaration: LookupScreen }) {
  const [creating, setCreating] = useState(false);
  const allowed = useFormButtonAllowed();
  const create = declaration.form?.create;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {declaration.title}
          </Typography>
          {declaration.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {declaration.description}
            </Typography>
          )}
        </Box>
        {create && allowed(create) && (
          <Button
            variant="contained"
            startIcon={create.icon ? <Icon>{create.icon}</Icon> : undefined}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
          >
            {create.label}
          </Button>
        )}
      </Stack>
      <LookupSection
        declaration={declaration}
        creating={creating}
        onCreateClosed={() => setCreating(false)}
      />
    </Box>
  );
}
