import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { formatDate } from '../../../core/formatDate.ts';
import { certificadoSituacao } from './certificadoSituacao.ts';
import type { CertificadoDigital } from './useCertificado.ts';

/** One line of the card: a field of the form file with its (tenant) label. */
export interface CertificadoCampo {
  name: keyof CertificadoDigital;
  label: string;
  colSpan: number;
}

const display = (certificado: CertificadoDigital, name: keyof CertificadoDigital): string => {
  const value = certificado[name];
  if (name === 'cnpj') return value ? formatCpfCnpj(String(value)) : 'Não informado no certificado';
  if (name === 'validoDe' || name === 'validoAte' || name === 'alteradoEm') return formatDate(String(value));
  return value === null || value === '' ? '—' : String(value);
};

const ALERTS = {
  warning:
    'O certificado está perto de vencer. Providencie a renovação com a sua certificadora e envie o novo arquivo.',
  error:
    'O certificado está vencido: as notas fiscais desta filial não serão autorizadas até que um certificado válido seja enviado.',
};

/**
 * What the installed certificate says about itself (fields and labels from the certificadoDigital form
 * and entity files), with its validity: days left in green, under 30 days in orange, expired in red.
 */
export function CertificadoInfoCard({
  certificado,
  campos,
  onRemove,
}: {
  certificado: CertificadoDigital;
  campos: CertificadoCampo[];
  onRemove?: () => void;
}) {
  const situacao = certificadoSituacao(certificado.validoAte);
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Certificado instalado">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Icon color={situacao.severity}>verified_user</Icon>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Certificado instalado
        </Typography>
        <Chip color={situacao.severity} label={situacao.texto} data-severity={situacao.severity} />
      </Stack>
      {situacao.severity !== 'success' && (
        <Alert severity={situacao.severity} sx={{ mb: 2 }}>
          {ALERTS[situacao.severity]}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}
      >
        {campos.map(({ name, label, colSpan }) => (
          <Box key={name} sx={{ gridColumn: { sm: colSpan > 1 ? 'span 2' : 'auto' } }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 500,
                // The expiry date takes the validity colour once it needs attention.
                ...(name === 'validoAte' && situacao.severity !== 'success'
                  ? { color: `${situacao.severity}.main` }
                  : {}),
              }}
            >
              {display(certificado, name)}
            </Typography>
          </Box>
        ))}
      </Box>
      {onRemove && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button color="error" startIcon={<Icon>delete</Icon>} onClick={onRemove}>
            Remover certificado
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
