import { Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { useTenant } from '../app/RuntimeContext.tsx';

interface SignUpTermsProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** The terms checkbox of the sign-up, linking the tenant's terms of use and privacy policy (new tab). */
export function SignUpTerms({ checked, onChange, error }: SignUpTermsProps) {
  const { documentos } = useTenant().config;
  const document = (href: string | undefined, text: string) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer" underline="always">
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
        label={
          <>
            Li e aceito os {document(documentos?.termoUso, 'termos de uso')} e a{' '}
            {document(documentos?.politicaPrivacidade, 'política de privacidade')}
          </>
        }
        slotProps={{ typography: { variant: 'body2' } }}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
