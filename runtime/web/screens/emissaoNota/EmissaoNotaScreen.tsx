import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { ScreenProps } from '../index.ts';
import { CorrigirItemDialog } from './CorrigirItemDialog.tsx';
import { PreviaTributos } from './PreviaTributos.tsx';
import { RespostaSefaz } from './RespostaSefaz.tsx';
import { acoesDaSituacao } from './situacaoNota.ts';
import { useAcoesNota } from './useAcoesNota.ts';
import { type ItemNota, useEmissaoNota } from './useEmissaoNota.ts';

const PERMISSAO = 'NFE_NOTAS_PROCESSADAS';

/**
 * NF-e › Emitir NF-e / NFC-e of one nota (route pages/nfe/notas-processadas/emitir/:id, from the notas'
 * grids, the pedido de venda and the create form): the preview of items and taxes with the schema
 * validation, item corrections and a link to the nota's form, Transmitir and SEFAZ's answer (polled
 * while em processamento), then DANFE, XML, e-mail, carta de correção and cancelamento.
 */
export default function EmissaoNotaScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const c = useEmissaoNota(id);
  const acoesNota = useAcoesNota(id, c.nota?.numero ?? null, c.recarregar);
  const { user } = useSession();
  const { schemas } = useTenant();
  const [corrigindo, setCorrigindo] = useState<ItemNota | null>(null);
  const podeAlterar = checkPermission(user, PERMISSAO, PermissionLevel.ALTERAR);

  if (c.erroNota) return <Alert severity="warning">{c.erroNota}</Alert>;
  if (!c.nota) return <LinearProgress aria-label="Carregando a nota fiscal" />;
  const nota = c.nota;
  const situacao = c.resposta?.situacao ?? nota.situacao;
  const acoes = acoesDaSituacao(situacao);
  const enumSituacao = (
    schemas.enums as unknown as Record<string, { values: Array<{ code: unknown; label: string }> }>
  )?.situacaoDocumentoFiscal;
  const rotulo =
    enumSituacao?.values.find((value) => value.code === situacao)?.label ??
    c.resposta?.situacaoDescricao ??
    '';
  const nome = c.modelo === 65 ? 'NFC-e' : 'NF-e';
  const bloqueado = c.ocupado !== null || acoesNota.ocupado !== null;
  const titulo = acoes.transmitir ? `Emitir ${nome}` : `${nome} ${nota.numero ?? ''}`.trim();
  const botao = (rotuloBotao: string, icone: string, onClick: () => unknown, nomeAcao?: string) => (
    <Button
      key={rotuloBotao}
      variant="outlined"
      size="small"
      startIcon={<Icon>{icone}</Icon>}
      disabled={bloqueado}
      loading={nomeAcao !== undefined && acoesNota.ocupado === nomeAcao}
      onClick={() => void onClick()}
    >
      {rotuloBotao}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={titulo}
        description={`Nota ${nota.numero ?? 'sem número (numerada ao transmitir)'}, série ${nota.serie ?? '—'}.${
          acoes.transmitir
            ? ' Confira os itens e os tributos, corrija o que a validação apontar e transmita à SEFAZ.'
            : ''
        }`}
        actions={
          <>
            <Button
              href={`#/pages/nfe/notas-processadas/transmissoes/${id}`}
              startIcon={<Icon>history</Icon>}
            >
              Transmissões
            </Button>
            <Button href="#/pages/nfe/notas-processadas" startIcon={<Icon>list</Icon>}>
              Notas processadas
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <RespostaSefaz
          nota={nota}
          resposta={c.resposta}
          rotuloSituacao={rotulo}
          erro={c.erroTransmissao}
          aguardando={c.ocupado === 'consultar' || (c.ocupado === 'transmitir' && acoes.aguardar)}
          acoes={
            podeAlterar && (
              <>
                {acoes.transmitir && (
                  <Button
                    variant="contained"
                    startIcon={<Icon>send</Icon>}
                    disabled={bloqueado || !c.previa || c.validacao?.valido === false}
                    loading={c.ocupado === 'transmitir'}
                    onClick={() => void c.transmitir()}
                  >
                    Transmitir
                  </Button>
                )}
                {acoes.consultar && botao('Consultar na SEFAZ', 'sync', () => c.consultar())}
                {acoes.documentos && botao('DANFE', 'picture_as_pdf', acoesNota.danfe, 'notasFiscaisDanfe')}
                {acoes.documentos && botao('XML', 'code', acoesNota.xml, 'notasFiscaisNfeProc')}
                {acoes.eventos && botao('Enviar por e-mail', 'email', acoesNota.email, 'email')}
                {acoes.eventos &&
                  c.modelo === 55 &&
                  botao('Carta de correção', 'edit_note', acoesNota.cartaCorrecao, 'cartaCorrecao')}
                {acoes.eventos && botao('Cancelar nota', 'block', acoesNota.cancelar, 'cancelar')}
              </>
            )
          }
        />
      </Paper>
      {acoes.transmitir && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
          >
            <Typography variant="h6" component="h2">
              Prévia dos itens e tributos
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Link href={`#/pages/nfe/notas-processadas/editar/${id}`}>Editar a nota</Link>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={c.modelo}
                aria-label="Modelo"
                disabled={bloqueado}
                onChange={(_event, escolhido: 55 | 65 | null) => escolhido && c.escolherModelo(escolhido)}
              >
                <ToggleButton value={55}>NF-e (55)</ToggleButton>
                <ToggleButton value={65}>NFC-e (65)</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
          </Stack>
          {c.ocupado === 'previa' && <LinearProgress aria-label="Calculando a prévia" sx={{ mb: 2 }} />}
          {c.erroPrevia && (
            <Alert severity="warning" sx={{ mb: 2 }} aria-label="Corrija antes de transmitir">
              {c.erroPrevia}
            </Alert>
          )}
          {c.erroPrevia && !c.previa && podeAlterar && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {c.itens.map((item) => (
                <Button key={item.id} size="small" variant="outlined" onClick={() => setCorrigindo(item)}>
                  Corrigir o item {item.numeroItem}
                </Button>
              ))}
            </Stack>
          )}
          {c.previa && (
            <PreviaTributos
              previa={c.previa}
              itens={c.itens}
              validacao={c.validacao}
              podeCorrigir={podeAlterar}
              onCorrigir={setCorrigindo}
            />
          )}
        </Paper>
      )}
      {corrigindo && (
        <CorrigirItemDialog
          item={corrigindo}
          onSalvar={(campos) => c.salvarItem(corrigindo.id, campos)}
          onFechar={() => setCorrigindo(null)}
        />
      )}
    </Box>
  );
}
