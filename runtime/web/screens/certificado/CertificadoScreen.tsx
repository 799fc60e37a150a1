import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { DEFAULT_LOADING_TEXT } from '../../../core/constants.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { resolveFormSchemas } from '../../views/form/resolveFormSchemas.ts';
import { type CertificadoCampo, CertificadoInfoCard } from './CertificadoInfoCard.tsx';
import { CertificadoUploadCard } from './CertificadoUploadCard.tsx';
import { useCertificado } from './useCertificado.ts';

const ENTITY = 'certificadoDigital';

/**
 * Configurações › Fiscal › Certificado digital (pages/fiscais/certificado-digital): the selected branch's
 * A1 certificate (entity certificadoDigital, one per branch) — what it says about itself and its validity,
 * and the upload of a new .pfx/.p12 with its password.
 */
export default function CertificadoScreen() {
  const { schemas } = useTenant();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const { state, reload, upload, remove } = useCertificado();
  const { entity, form } = useMemo(() => resolveFormSchemas(schemas, ENTITY), [schemas]);
  const campos = useMemo<CertificadoCampo[]>(
    () =>
      Object.values(form.sections).flatMap((section) =>
        Object.entries(section.fields ?? {})
          .filter(([name, layout]) => !layout.hidden && entity.fields[name])
          .map(([name, layout]) => ({
            name: name as CertificadoCampo['name'],
            label: layout.label ?? entity.fields[name]?.label ?? name,
            colSpan: layout.colSpan ?? 1,
          })),
      ),
    [form, entity],
  );
  const can = (level: number) => checkPermission(user, entity.permission, level);
  const certificado = state.status === 'ready' ? state.certificado : null;

  const onUpload = async (file: File, senha: string) => {
    await upload(file, senha);
    notify.toast('Certificado digital salvo com sucesso.', { severity: 'success' });
  };
  const onRemove = async () => {
    if (!certificado) return;
    const ok = await notify.confirm({
      title: 'Remover certificado',
      message:
        'A filial ficará sem certificado e não poderá emitir notas fiscais até que outro seja enviado. Remover?',
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    try {
      await remove(certificado.id);
      notify.toast('Certificado digital removido.', { severity: 'success' });
    } catch (error) {
      void showError(error);
    }
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {form.title ?? entity.label}
      </Typography>
      {state.status === 'loading' && (
        <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">{DEFAULT_LOADING_TEXT}</Typography>
        </Stack>
      )}
      {state.status === 'failed' && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{state.message}</Alert>
          <Button variant="outlined" onClick={() => void reload()}>
            Tentar novamente
          </Button>
        </Stack>
      )}
      {state.status === 'ready' && (
        <Stack spacing={3}>
          {certificado ? (
            <CertificadoInfoCard
              certificado={certificado}
              campos={campos}
              onRemove={can(PermissionLevel.TOTAL) ? () => void onRemove() : undefined}
            />
          ) : (
            <Alert severity="info">
              Nenhum certificado digital enviado para esta filial. Envie o certificado A1 para emitir NF-e e
              NFC-e.
            </Alert>
          )}
          {can(certificado ? PermissionLevel.ALTERAR : PermissionLevel.CRIAR) && (
            <CertificadoUploadCard replacing={certificado !== null} onUpload={onUpload} />
          )}
        </Stack>
      )}
    </Box>
  );
}
