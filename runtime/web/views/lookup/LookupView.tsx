import { Box, Button } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { PageHeader } from '../../ui/PageHeader.tsx';
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
      <PageHeader
        title={declaration.title}
        description={declaration.description}
        actions={
          create &&
          allowed(create) && (
            <Button
              variant="contained"
              startIcon={create.icon ? <Icon>{create.icon}</Icon> : undefined}
              onClick={() => setCreating(true)}
            >
              {create.label}
            </Button>
          )
        }
      />
      <LookupSection
        declaration={declaration}
        creating={creating}
        onCreateClosed={() => setCreating(false)}
      />
    </Box>
  );
}
