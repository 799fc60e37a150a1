import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { readPath } from '../../../../core/readPath.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { validadeSituacao } from '../../../../core/validadeSituacao.ts';
import { callOperation } from '../../../api/callOperation.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { confirmDeclared } from '../../tool/confirmDeclared.ts';
import { formulaText } from '../../tool/fillFormatted.ts';
import type { UploadScreen } from '../uploadTypes.ts';

type Status = NonNullable<UploadScreen['status']>;

/**
 * An upload's `status.card` (e.g. the installed certificate): nothing while it is read, `empty` as an info
 * alert while there is no state, else a region named by the status title with the validity chip (days
 * left in green, under `warnDays` in orange, expired in red) and its alert, the declared fields and the
 * remove button (its permission level, confirmation, toast; `onChanged` reads the state again).
 */
export function StatusCard({
  spec,
  status,
  onChanged,
}: {
  spec: Status & { card: NonNullable<Status['card']> };
  status: unknown;
  onChanged(): void;
}) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const { card } = spec;
  const { user } = useSession();
  const canRemove =
    !card.remove?.permission ||
    checkPermission(user, card.remove.permission, PermissionLevel[card.remove.level ?? 'TOTAL']);
  if (status === undefined) return null;
  if (status === null) return spec.empty ? <Alert severity="info">{spec.empty}</Alert> : null;

  const validity = card.validity;
  const until = validity ? readPath(status, validity.field.split('.')) : undefined;
  const situacao = typeof until === 'string' ? validadeSituacao(until, new Date(), validity?.warnDays) : null;
  const attention = situacao && situacao.severity !== 'success' ? situacao.severity : null;
  const remove = async () => {
    if (!card.remove || !(await confirmDeclared(notify, card.remove.confirm, status))) return;
    const { error } = await callOperation(api, card.remove.operationId, status as Record<string, unknown>);
    if (error) return void (await showError(error));
    if (card.remove.message) notify.toast(card.remove.message, { severity: 'success' });
    onChanged();
  };
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={spec.title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        {card.icon && <Icon color={situacao?.severity ?? 'primary'}>{card.icon}</Icon>}
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {spec.title}
        </Typography>
        {situacao && (
          <Chip color={situacao.severity} label={situacao.texto} data-severity={situacao.severity} />
        )}
      </Stack>
      {attention && validity?.alerts?.[attention] && (
        <Alert severity={attention} sx={{ mb: 2 }}>
          {validity.alerts[attention]}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}
      >
        {card.fields.map((field) => (
          <Box key={field.label} sx={{ gridColumn: { sm: field.span === 2 ? 'span 2' : 'auto' } }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {field.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 500,
                ...(field.validityColor && attention ? { color: `${attention}.main` } : {}),
              }}
            >
              {formulaText(field.value, status)}
            </Typography>
          </Box>
        ))}
      </Box>
      {card.remove && canRemove && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button color="error" startIcon={<Icon>delete</Icon>} onClick={() => void remove()}>
            {card.remove.label}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
