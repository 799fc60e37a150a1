import { Link, Paper, Stack, Typography } from '@mui/material';
import { useTenant } from '../app/RuntimeContext.tsx';

/**
 * Public privacy page (#/privacidade, LGPD): who controls the data and how to reach the white-label's
 * encarregado (tenant setting misc.encarregadoDados), and what a data subject may ask.
 */
export function PrivacyPage() {
  const { config } = useTenant();
  const encarregado = (
    config.misc as { encarregadoDados?: { nome?: string; email?: string; telefone?: string } }
  ).encarregadoDados;
  const informado = Boolean(encarregado?.nome || encarregado?.email || encarregado?.telefone);
  return (
    <Stack sx={{ maxWidth: 760, mx: 'auto', p: 3 }} spacing={2}>
      <Typography variant="h5" component="h1">
        Privacidade e proteção de dados — {config.title}
      </Typography>
      <Typography>
        Os dados pessoais cadastrados no sistema (clientes, fornecedores, contatos, usuários) pertencem a cada
        empresa que o utiliza, que é a controladora desses dados. Como titular, você pode pedir à empresa com
        quem se relaciona a confirmação e o acesso aos seus dados, a correção e a anonimização dos que não
        precisam ser guardados. Documentos fiscais emitidos e seus participantes são mantidos pelo prazo legal
        de 5 anos.
      </Typography>
      <Paper sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Encarregado pelo tratamento de dados pessoais
        </Typography>
        {informado ? (
          <Stack spacing={0.5}>
            {encarregado?.nome && <Typography>{encarregado.nome}</Typography>}
            {encarregado?.email && (
              <Typography>
                E-mail: <Link href={`mailto:${encarregado.email}`}>{encarregado.email}</Link>
              </Typography>
            )}
            {encarregado?.telefone && <Typography>Telefone: {encarregado.telefone}</Typography>}
          </Stack>
        ) : (
          <Typography color="text.secondary">O contato do encarregado ainda não foi informado.</Typography>
        )}
      </Paper>
    </Stack>
  );
}
