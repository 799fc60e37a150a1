import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { dataBR, fromCents, toCents, totalBaixa } from '../../../../core/financeiro/titulos.ts';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { recordsRequest } from '../../../views/form/recordsRequest.ts';
import type { ScreenProps } from '../../index.ts';

interface Titulo {
  id: number;
  descricao: string;
  dataVencimento: string;
  valor: number;
  valorPago: number;
  valorAberto: number;
  situacao: number;
  parcela: number | null;
  totalParcelas: number | null;
  contaId: number | null;
}

interface Conta {
  id: number;
  descricao: string;
}

/** What the dialog holds per selected title (texts as typed, pt-BR decimals accepted). */
interface Linha {
  principal: string;
  juros: string;
  multa: string;
  desconto: string;
}

const TIPOS = {
  receitas: { resource: 'Receitas', titulo: 'Baixar receitas', verbo: 'Receber', lista: 'receitas' },
  despesas: { resource: 'Despesas', titulo: 'Baixar despesas', verbo: 'Pagar', lista: 'despesas' },
} as const;

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const hoje = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
/** A typed amount in cents ("1.234,56", "12.5", "" → 0); NaN when unreadable. */
const cents = (text: string) => {
  const clean = text.trim();
  if (!clean) return 0;
  const normalized = clean.includes(',') ? clean.replaceAll('.', '').replace(',', '.') : clean;
  const value = Number(normalized);
  return Number.isFinite(value) ? toCents(value) : Number.NaN;
};
const texto = (value: number) => fromCents(value).toFixed(2).replace('.', ',');

/**
 * Financeiro › Baixar títulos (route pages/financeiro/lancamentos/baixar/:tipo, from the Receitas and
 * Despesas lists): the open and partly paid titles of the branch, several selected at once, and the
 * "Baixar" dialog — per title the principal (default: all that is open), juros, multa and desconto with
 * its total (principal + juros + multa − desconto, the movement in the account), the account and the
 * date — posted in one request (POST /api/Lancamentos/baixar, all or nothing, with an Idempotency-Key).
 */
export default function BaixarTitulosScreen({ params }: ScreenProps) {
  const tipo = TIPOS[params.tipo as keyof typeof TIPOS] ?? TIPOS.receitas;
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [titulos, setTitulos] = useState<Titulo[] | null>(null);
  const [contas, setContas] = useState<Conta[]>([]);
  const [selecionados, setSelecionados] = useState<number[]>([]);
  const [aberto, setAberto] = useState(false);
  const [data, setData] = useState(hoje());
  const [contaId, setContaId] = useState<number | ''>('');
  const [linhas, setLinhas] = useState<Record<number, Linha>>({});
  const [enviando, setEnviando] = useState(false);
  const canBaixar = checkPermission(user, 'FINANCEIRO_BAIXAS', PermissionLevel.CRIAR);

  const carregar = useCallback(async () => {
    try {
      const filter = JSON.stringify({
        where: { situacao: { inq: [0, 2] } },
        order: 'dataVencimento ASC',
        limit: 500,
      });
      setTitulos(await recordsRequest<Titulo[]>(api, 'GET', `/api/${tipo.resource}`, { query: { filter } }));
    } catch (error) {
      void showError(error);
    }
  }, [api, tipo.resource, showError]);

  useEffect(() => {
    void carregar();
    const filter = JSON.stringify({ where: { ativo: true }, order: 'descricao ASC', limit: 200 });
    void recordsRequest<Conta[]>(api, 'GET', '/api/Contas', { query: { filter } })
      .then((rows) => {
        setContas(rows);
        if (rows.length === 1 && rows[0]) setContaId(rows[0].id);
      })
      .catch((error) => void showError(error));
  }, [api, carregar, showError]);

  const escolhidos = useMemo(
    () => (titulos ?? []).filter((titulo) => selecionados.includes(titulo.id)),
    [titulos, selecionados],
  );
  const valores = escolhidos.map((titulo) => {
    const linha = linhas[titulo.id] ?? { principal: '', juros: '', multa: '', desconto: '' };
    const v = {
      principal: cents(linha.principal),
      juros: cents(linha.juros),
      multa: cents(linha.multa),
      desconto: cents(linha.desconto),
    };
    return { titulo, linha, v, total: totalBaixa(v) };
  });
  const totalGeral = valores.reduce((sum, item) => sum + item.total, 0);
  const invalido =
    !contaId ||
    !data ||
    valores.some(
      (item) =>
        Object.values(item.v).some(Number.isNaN) ||
        item.v.principal <= 0 ||
        item.v.principal > toCents(item.titulo.valorAberto) ||
        item.total < 0,
    );

  const abrir = () => {
    const iniciais: Record<number, Linha> = {};
    for (const titulo of escolhidos)
      iniciais[titulo.id] = {
        principal: texto(toCents(titulo.valorAberto)),
        juros: '',
        multa: '',
        desconto: '',
      };
    setLinhas(iniciais);
    const sugerida = escolhidos.find((titulo) => titulo.contaId)?.contaId;
    if (sugerida && contas.some((conta) => conta.id === sugerida)) setContaId(sugerida);
    setAberto(true);
  };

  const confirmar = async () => {
    if (!contaId) return;
    setEnviando(true);
    try {
      const { data: answer, error } = await api.POST('/api/Lancamentos/baixar', {
        body: {
          data,
          contaId,
          itens: valores.map((item) => ({
            lancamentoId: item.titulo.id,
            principal: fromCents(item.v.principal),
            juros: fromCents(item.v.juros),
            multa: fromCents(item.v.multa),
            desconto: fromCents(item.v.desconto),
          })),
        },
        headers: { 'Idempotency-Key': newKey() },
      });
      if (error) return void showError(error);
      notify.toast(`${answer.baixas.length} baixa(s) registrada(s): ${formatBRL(fromCents(totalGeral))}.`, {
        severity: 'success',
      });
      setAberto(false);
      setSelecionados([]);
      await carregar();
    } finally {
      setEnviando(false);
    }
  };

  const setCampo = (id: number, campo: keyof Linha, value: string) =>
    setLinhas((current) => ({ ...current, [id]: { ...(current[id] as Linha), [campo]: value } }));

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {tipo.titulo}
        </Typography>
        <Link href={`#/pages/financeiro/lancamentos/lista/${tipo.lista}`}>Voltar para a lista</Link>
      </Stack>
      {titulos !== null && titulos.length === 0 && (
        <Alert severity="info">Nenhum título em aberto nesta filial.</Alert>
      )}
      {titulos !== null && titulos.length > 0 && (
        <Paper>
          <Table size="small" aria-label="Títulos em aberto">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    slotProps={{ input: { 'aria-label': 'Selecionar todos' } }}
                    checked={selecionados.length === titulos.length}
                    indeterminate={selecionados.length > 0 && selecionados.length < titulos.length}
                    onChange={(event) =>
                      setSelecionados(event.target.checked ? titulos.map((t) => t.id) : [])
                    }
                  />
                </TableCell>
                <TableCell>Vencimento</TableCell>
                <TableCell>Descrição</TableCell>
                <TableCell>Situação</TableCell>
                <TableCell align="right">Valor</TableCell>
                <TableCell align="right">Pago</TableCell>
                <TableCell align="right">Em aberto</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {titulos.map((titulo) => {
                const checked = selecionados.includes(titulo.id);
                return (
                  <TableRow key={titulo.id} hover selected={checked}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        slotProps={{ input: { 'aria-label': `Selecionar ${titulo.descricao}` } }}
                        checked={checked}
                        onChange={() =>
                          setSelecionados((current) =>
                            checked ? current.filter((id) => id !== titulo.id) : [...current, titulo.id],
                          )
                        }
                      />
                    </TableCell>
                    <TableCell>{dataBR(titulo.dataVencimento)}</TableCell>
                    <TableCell>
                      {titulo.descricao}
                      {titulo.totalParcelas && titulo.totalParcelas > 1
                        ? ` (${titulo.parcela}/${titulo.totalParcelas})`
                        : ''}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={titulo.situacao === 2 ? 'Pago parcialmente' : 'Em aberto'}
                        color={titulo.situacao === 2 ? 'warning' : 'info'}
                        variant="outlined"
                      />
                    </TableCell>
                    <TableCell align="right">{formatBRL(titulo.valor)}</TableCell>
                    <TableCell align="right">{formatBRL(titulo.valorPago)}</TableCell>
                    <TableCell align="right">{formatBRL(titulo.valorAberto)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
            {!canBaixar && (
              <Typography variant="body2" color="text.secondary">
                Seu perfil não permite registrar baixas.
              </Typography>
            )}
            <Button
              variant="contained"
              startIcon={<Icon>payments</Icon>}
              disabled={!canBaixar || selecionados.length === 0}
              onClick={abrir}
            >
              Baixar ({selecionados.length})
            </Button>
          </Stack>
        </Paper>
      )}
      <Dialog open={aberto} onClose={() => !enviando && setAberto(false)} maxWidth="lg" fullWidth>
        <DialogTitle>{`${tipo.verbo}: ${escolhidos.length} título(s)`}</DialogTitle>
        <DialogContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, mb: 2 }}>
            <TextField
              label="Data"
              type="date"
              value={data}
              onChange={(event) => setData(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label="Conta"
              value={contaId}
              onChange={(event) => setContaId(Number(event.target.value))}
              sx={{ minWidth: 280 }}
            >
              {contas.map((conta) => (
                <MenuItem key={conta.id} value={conta.id}>
                  {conta.descricao}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Table size="small" aria-label="Valores da baixa">
            <TableHead>
              <TableRow>
                <TableCell>Título</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  Em aberto
                </TableCell>
                <TableCell>Principal</TableCell>
                <TableCell>Juros</TableCell>
                <TableCell>Multa</TableCell>
                <TableCell>Desconto</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {valores.map(({ titulo, linha, v, total }) => {
                const acima = v.principal > toCents(titulo.valorAberto);
                return (
                  <TableRow key={titulo.id}>
                    <TableCell>{titulo.descricao}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatBRL(titulo.valorAberto)}
                    </TableCell>
                    {(['principal', 'juros', 'multa', 'desconto'] as const).map((campo) => (
                      <TableCell key={campo} sx={{ minWidth: 110 }}>
                        <TextField
                          size="small"
                          value={linha[campo]}
                          onChange={(event) => setCampo(titulo.id, campo, event.target.value)}
                          slotProps={{
                            htmlInput: {
                              inputMode: 'decimal',
                              'aria-label': `${campo} de ${titulo.descricao}`,
                            },
                          }}
                          error={Number.isNaN(v[campo]) || (campo === 'principal' && acima)}
                          helperText={
                            campo === 'principal' && acima
                              ? `O valor da baixa (${formatBRL(fromCents(v.principal))}) é maior que o valor em aberto (${formatBRL(titulo.valorAberto)})`
                              : undefined
                          }
                        />
                      </TableCell>
                    ))}
                    <TableCell align="right">
                      {Number.isNaN(total) ? '—' : formatBRL(fromCents(total))}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Typography sx={{ mt: 2, textAlign: 'right', fontWeight: 600 }} aria-live="polite">
            Total movimentado na conta: {Number.isNaN(totalGeral) ? '—' : formatBRL(fromCents(totalGeral))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            Total = principal + juros + multa − desconto. O principal abate o valor em aberto do título.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAberto(false)} disabled={enviando}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => void confirmar()} disabled={enviando || invalido}>
            Confirmar baixa
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
