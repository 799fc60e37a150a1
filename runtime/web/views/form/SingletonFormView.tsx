import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { DEFAULT_LOADING_TEXT } from '../../../core/constants.ts';
import { useTenant } from '../../app/RuntimeContext.tsx';
import { FormView } from './FormView.tsx';
import { resolveFormSchemas } from './resolveFormSchemas.ts';
import type { SingletonFormHooks } from './useFormController.ts';
import { useSingletonRecord } from './useSingletonRecord.ts';

export interface SingletonFormViewProps {
  /** A `singleton` entity (schemas/entities/<name>): one record per empresa or filial. */
  entityName: string;
}

/**
 * The screen of a configuration record (entity `singleton`): its route opens the form directly, editing
 * the company's (branch's) record or creating it while there is none. Saving toasts and stays: the form
 * reloads the stored record (new version) in edit mode; discarding reloads it too.
 */
export function SingletonFormView({ entityName }: SingletonFormViewProps) {
  const { schemas } = useTenant();
  const { entity, form } = useMemo(() => resolveFormSchemas(schemas, entityName), [schemas, entityName]);
  const [lookup, setLookup] = useState(0);
  const found = useSingletonRecord(entity.resource, lookup);
  // Set by a first save: the record now exists, no need to look it up again.
  const [savedId, setSavedId] = useState<number | undefined>(undefined);
  // Remounts the form so it reloads the stored record (its new version) after a save or a discard.
  const [reload, setReload] = useState(0);
  const hooks = useMemo<SingletonFormHooks>(
    () => ({
      onSaved: (record) => {
        if (typeof record.id === 'number') setSavedId(record.id);
        setReload((value) => value + 1);
      },
      onDiscard: () => setReload((value) => value + 1),
    }),
    [],
  );
  if (found.status === 'ready') {
    const id = found.id ?? savedId;
    return (
      <FormView
        key={`${id ?? 'novo'}:${reload}`}
        entityName={entityName}
        mode={id === undefined ? 'create' : 'edit'}
        id={id}
        singleton={hooks}
      />
    );
  }
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {form.title ?? entity.label}
      </Typography>
      {found.status === 'loading' ? (
        <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">{DEFAULT_LOADING_TEXT}</Typography>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{found.message}</Alert>
          <Button variant="outlined" onClick={() => setLookup((value) => value + 1)}>
            Tentar novamente
          </Button>
        </Stack>
      )}
    </Box>
  );
}
