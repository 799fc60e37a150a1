import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { formatDateTime } from '../../../core/formatDate.ts';
import { formatBRL, parseBRL } from '../../../core/formatMoney.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { ScreenProps } from '../index.ts';
import { AbrirCaixaDialog } from './AbrirCaixaDialog.tsx';
import { BuscarProdutoDialog } from './BuscarProdutoDialog.tsx';
import { CpfNaNotaDialog } from './CpfNaNotaDialog.tsx';
import { FecharCaixaDialog } from './FecharCaixaDialog.tsx';
import { GavetaDialog } from './GavetaDialog.tsx';
import { ItensVenda } from './ItensVenda.tsx';
import { PagamentosVenda } from './PagamentosVenda.tsx';
import { type Opcao, pdvApi, type ResumoCaixa } from './pdvApi.ts';
import { useVendaPdv } from './useVendaPdv.ts';
import { VendaResultado } from './VendaResultado.tsx';

const ATALHOS = [
  ['F2', 'Quantidade'],
  ['F3', 'Buscar produto'],
  ['F4', 'Desconto'],
  ['F6', 'CPF na nota'],
  ['F7', 'Sangria'],
  ['F8', 'Suprimento'],
  ['F9', 'Pagamento'],
  ['F10', 'Finalizar venda'],
  ['Esc', 'Nova venda'],
] as const;
const CHAVE_PDV = 'frenteCaixa.pdvId';

type Dialogo = 'abrir' | 'sangria' | 'suprimento' | 'fechar' | 'buscar' | 'cpf' | null;

/**
 * Vendas › Frente de caixa (issue 17 PDV, flows.md §4): the terminal's cash session — abrir with the float,
 * sangria and suprimento with a motivo, fechar with counted vs expected per payment method — and the counter
 * sale, keyboard first: the focus stays in the code field (barcode reader or código + Enter, "3*código" for
 * quantity), F-keys for quantity, search, discount, payment and finish (listed on screen), then the NFC-e's SEFAZ
 * answer (or contingency) and its DANFCE.
 */
export default function FrenteCaixaScreen(_props: ScreenProps) {
  const { api } = useRuntime();
  const calls = useMemo(() => pdvApi(api), [api]);
  const [pdvs, setPdvs] = useState<Opcao[] | null>(null);
  const [pdvId, setPdvId] = useState<number | null>(null);
  const [operadores, setOperadores] = useState<Opcao[]>([]);
  const [formas, setFormas] = useState<(Opcao & { dinheiro: boolean })[]>([]);
  const [resumo, setResumo] = useState<ResumoCaixa | null>(null);
  const [carregando, setCarregando] = useState(false);
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const [codigo, setCodigo] = useState('');
  const [quantidade, setQuantidade] = useState('1');
  const [valorPagamento, setValorPagamento] = useState('');
  const codigoRef = useRef<HTMLInputElement | null>(null);
  const quantidadeRef = useRef<HTMLInputElement | null>(null);
  const descontoRef = useRef<HTMLInputElement | null>(null);
  const valorRef = useRef<HTMLInputElement | null>(null);
  const aberto = resumo?.situacao === 'aberto' ? resumo : null;
  const venda = useVendaPdv(calls, aberto?.id ?? null);

  useEffect(() => {
    calls
      .cadastros()
      .then(({ pdvs: listaPdvs, operadores: listaOperadores, formas: listaFormas }) => {
        setPdvs(listaPdvs);
        setOperadores(listaOperadores);
        setFormas(listaFormas);
        const guardado = Number(globalThis.localStorage?.getItem(CHAVE_PDV));
        setPdvId(listaPdvs.find((pdv) => pdv.id === guardado)?.id ?? listaPdvs[0]?.id ?? null);
      })
      .catch((error) => setAviso(extractErrorMessage(error)));
  }, [calls]);

  const carregarCaixa = useCallback(async () => {
    if (!pdvId) return;
    setCarregando(true);
    try {
      const caixaId = await calls.caixaAberto(pdvId);
      setResumo(caixaId ? await calls.resumo(caixaId) : null);
    } catch (error) {
      setAviso(extractErrorMessage(error));
    } finally {
      setCarregando(false);
    }
  }, [calls, pdvId]);

  useEffect(() => {
    void carregarCaixa();
  }, [carregarCaixa]);

  const focarCodigo = () => setTimeout(() => codigoRef.current?.focus(), 0);
  const executar = async (fn: () => Promise<ResumoCaixa>, depois?: (novo: ResumoCaixa) => void) => {
    setEnviando(true);
    try {
      const novo = await fn();
      setResumo(novo);
      setAviso(null);
      depois?.(novo);
    } catch (error) {
      setAviso(extractErrorMessage(error));
    } finally {
      setEnviando(false);
    }
  };

  const adicionarItem = async () => {
    const texto = codigo.trim();
    if (!texto) return;
    const multiplicado = /^(\d+(?:[.,]\d+)?)\*(.+)$/.exec(texto);
    const qtd = multiplicado ? parseBRL(multiplicado[1]!) : parseBRL(quantidade);
    if (qtd === null || qtd <= 0) return venda.setErro('Informe uma quantidade maior que zero (F2).');
    if (await venda.adicionar({ codigo: multiplicado ? multiplicado[2]!.trim() : texto, quantidade: qtd })) {
      setCodigo('');
      setQuantidade('1');
    }
  };

  const teclas = useRef<(event: KeyboardEvent) => void>(() => undefined);
  teclas.current = (event: KeyboardEvent) => {
    if (!aberto || (dialogo !== null && event.key !== 'Escape')) return;
    const acoes: Record<string, () => void> = {
      F2: () => quantidadeRef.current?.select(),
      F3: () => setDialogo('buscar'),
      F4: () => descontoRef.current?.focus(),
      F6: () => !venda.resultado && setDialogo('cpf'),
      F7: () => setDialogo('sangria'),
      F8: () => setDialogo('suprimento'),
      F9: () => {
        if (!valorPagamento && venda.falta > 0) setValorPagamento(venda.falta.toFixed(2).replace('.', ','));
        valorRef.current?.focus();
      },
      F10: () => void venda.finalizar(),
      Escape: () => {
        if (dialogo !== null) return;
        if (venda.resultado) void carregarCaixa();
        venda.novaVenda();
        focarCodigo();
      },
    };
    const acao = acoes[event.key];
    if (!acao) return;
    event.preventDefault();
    acao();
  };
  useEffect(() => {
    const ouvir = (event: KeyboardEvent) => teclas.current(event);
    window.addEventListener('keydown', ouvir);
    return () => window.removeEventListener('keydown', ouvir);
  }, []);

  // A finished sale changes the session's totals (header).
  useEffect(() => {
    if (venda.resultado) void carregarCaixa();
  }, [venda.resultado, carregarCaixa]);

  // Back to the code field whenever no dialog holds the keyboard (after abrir, sangria, a search…).
  const emVenda = Boolean(aberto) && !venda.resultado;
  useEffect(() => {
    if (dialogo === null && emVenda) codigoRef.current?.focus();
  }, [dialogo, emVenda]);

  const pdv = pdvs?.find((opcao) => opcao.id === pdvId);
  // null on a blind PDV (fechamento cego): the operator is not told what the drawer holds.
  const formaDinheiro = aberto?.formas.find((forma) => forma.dinheiro);
  const dinheiroNaGaveta = formaDinheiro ? formaDinheiro.esperado : 0;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <PageHeader
        title="Frente de caixa"
        description={
          aberto
            ? `${aberto.pdv} · Operador ${aberto.operador ?? '—'} · Caixa aberto desde ${formatDateTime(aberto.abertura)} · ${aberto.vendas.quantidade} venda(s)${aberto.vendas.total === null ? '' : `, ${formatBRL(aberto.vendas.total)}`}`
            : 'Abra o caixa do PDV para vender.'
        }
        actions={
          <>
            <TextField
              select
              size="small"
              label="PDV"
              value={pdvId ?? ''}
              onChange={(event) => {
                const id = Number(event.target.value);
                globalThis.localStorage?.setItem(CHAVE_PDV, String(id));
                venda.novaVenda();
                setPdvId(id);
              }}
              sx={{ minWidth: 180 }}
            >
              {(pdvs ?? []).map((opcao) => (
                <MenuItem key={opcao.id} value={opcao.id}>
                  {opcao.descricao}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" disabled={!aberto} onClick={() => setDialogo('suprimento')}>
              Suprimento (F8)
            </Button>
            <Button variant="outlined" disabled={!aberto} onClick={() => setDialogo('sangria')}>
              Sangria (F7)
            </Button>
            <Button
              variant="outlined"
              color="warning"
              disabled={!aberto}
              onClick={() => setDialogo('fechar')}
            >
              Fechar caixa
            </Button>
          </>
        }
      />
      {aviso && (
        <Alert severity="warning" onClose={() => setAviso(null)} sx={{ mb: 2 }}>
          {aviso}
        </Alert>
      )}
      {pdvs !== null && pdvs.length === 0 && (
        <Alert severity="info">
          Nenhum PDV ativo nesta filial. Cadastre um em Configurações › Ponto de venda › PDVs.
        </Alert>
      )}
      {pdv && !aberto && !carregando && (
        <Paper sx={{ p: 3, textAlign: 'center' }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ mb: 2 }}
          >{`O caixa do ${pdv.descricao} está fechado.`}</Typography>
          <Button variant="contained" size="large" onClick={() => setDialogo('abrir')}>
            Abrir caixa
          </Button>
        </Paper>
      )}
      {aberto && venda.resultado && (
        <VendaResultado
          resultado={venda.resultado}
          calls={calls}
          onNovaVenda={() => {
            venda.novaVenda();
            void carregarCaixa();
            focarCodigo();
          }}
        />
      )}
      {aberto && !venda.resultado && (
        <>
          {venda.erro && (
            <Alert severity="error" onClose={() => venda.setErro(null)} sx={{ mb: 2 }}>
              {venda.erro}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
            {venda.documentoConsumidor ? (
              <Chip
                color="primary"
                label={`CPF/CNPJ na nota: ${formatCpfCnpj(venda.documentoConsumidor)}`}
                onClick={() => setDialogo('cpf')}
                onDelete={() => venda.setDocumentoConsumidor(null)}
              />
            ) : (
              <Button size="small" variant="outlined" onClick={() => setDialogo('cpf')}>
                CPF na nota (F6)
              </Button>
            )}
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <ItensVenda
              previa={venda.previa}
              codigo={codigo}
              quantidade={quantidade}
              codigoRef={codigoRef}
              quantidadeRef={quantidadeRef}
              onCodigo={setCodigo}
              onQuantidade={setQuantidade}
              onAdicionar={() => void adicionarItem()}
              onBuscar={() => setDialogo('buscar')}
              onRemover={(index) => void venda.remover(index)}
              onDescontoItem={(index, valor) => void venda.descontoItem(index, valor).then(focarCodigo)}
            />
            <PagamentosVenda
              formas={formas}
              total={venda.total}
              valorDesconto={venda.previa?.valorDesconto ?? 0}
              pagamentos={venda.pagamentos}
              falta={venda.falta}
              troco={venda.troco}
              enviando={venda.enviando}
              podeFinalizar={venda.itens.length > 0 && venda.falta === 0}
              descontoRef={descontoRef}
              valorRef={valorRef}
              valorPagamento={valorPagamento}
              onValorPagamento={setValorPagamento}
              onDesconto={(valor) => void venda.aplicarDesconto(valor).then(focarCodigo)}
              onAdicionar={venda.adicionarPagamento}
              onRemover={venda.removerPagamento}
              onFinalizar={() => void venda.finalizar()}
            />
          </Stack>
        </>
      )}
      {aberto && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} aria-label="Atalhos do teclado">
          {ATALHOS.map(([tecla, acao]) => (
            <Chip key={tecla} size="small" variant="outlined" label={`${tecla} ${acao}`} />
          ))}
        </Stack>
      )}
      <AbrirCaixaDialog
        open={dialogo === 'abrir'}
        pdv={pdv?.descricao ?? ''}
        operadores={operadores}
        enviando={enviando}
        onClose={() => setDialogo(null)}
        onConfirm={(operadorPdvId, valorAbertura) =>
          void executar(
            () => calls.abrir({ pdvId: pdvId ?? 0, operadorPdvId, valorAbertura }),
            () => {
              setDialogo(null);
              focarCodigo();
            },
          )
        }
      />
      <GavetaDialog
        tipo={dialogo === 'sangria' || dialogo === 'suprimento' ? dialogo : null}
        dinheiroNaGaveta={dinheiroNaGaveta}
        enviando={enviando}
        onClose={() => setDialogo(null)}
        onConfirm={(valor, motivo) => {
          const tipo = dialogo === 'sangria' ? 'sangria' : 'suprimento';
          void executar(
            () => calls.gaveta(aberto?.id ?? 0, tipo, { valor, motivo }),
            () => {
              setDialogo(null);
              focarCodigo();
            },
          );
        }}
      />
      <FecharCaixaDialog
        open={dialogo === 'fechar'}
        resumo={resumo}
        enviando={enviando}
        onClose={() => {
          setDialogo(null);
          if (resumo?.situacao === 'fechado') {
            setResumo(null);
            venda.novaVenda();
          }
        }}
        onConfirm={(contado) => void executar(() => calls.fechar(aberto?.id ?? 0, contado))}
      />
      <CpfNaNotaDialog
        open={dialogo === 'cpf'}
        atual={venda.documentoConsumidor}
        onClose={() => setDialogo(null)}
        onConfirm={(documento) => {
          venda.setDocumentoConsumidor(documento);
          setDialogo(null);
        }}
      />
      <BuscarProdutoDialog
        open={dialogo === 'buscar'}
        calls={calls}
        onClose={() => {
          setDialogo(null);
          focarCodigo();
        }}
        onChoose={(produto) => {
          setDialogo(null);
          const qtd = parseBRL(quantidade) ?? 1;
          void venda
            .adicionar({ produtoId: produto.id, quantidade: qtd })
            .then((ok) => ok && setQuantidade('1'));
          focarCodigo();
        }}
      />
    </Box>
  );
}
