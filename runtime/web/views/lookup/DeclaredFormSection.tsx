import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { type DeclaredForm, type FormButton, useDeclaredForm } from './useDeclaredForm.tsx';

/**
 * A lookup's `inline` create form above its list: a section headed by the create button's title, the
 * server's refusal, the fields and the submit button (the create button's label and icon).
 */
export function DeclaredFormSection(props: { form: DeclaredForm; button: FormButton; onSaved(): void }) {
  const create = props.button;
  const { fields, submit, saving, serverError } = useDeclaredForm(props);
  return (
    <Paper component="section" aria-label={create.title} sx={{ p: 3, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {create.title}
      </Typography>
      {serverError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      {fields}
      <Box sx={{ mt: 2 }}>
        <Button
          variant="contained"
          startIcon={create.icon ? <Icon>{create.icon}</Icon> : undefined}
          disabled={saving}
          onClick={submit}
        >
          {saving ? 'Carregando...' : create.label}
        </Button>
      </Box>
    </Paper>
  );
}
