import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
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
import { Link as RouterLink } from 'react-router-dom';
import { formatCpfCnpj } from '../../../../core/formatCpfCnpj.ts';
import { formatDate } from '../../../../core/formatDate.ts';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { FilePickButton } from '../../../ui/FilePickButton.tsx';
import { ProdutoItemPicker } from './ProdutoItemPicker.tsx';
import { LISTA, sugestaoDe, useImportarXml } from './useImportarXml.ts';

const quantidade = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 4 });

/**
 * Compras › Entrada de nota fiscal › Importar XML: the supplier's NF-e XML is read and checked by the
 * server (destinatário = the selected branch, key not booked yet), then previewed — emitente and fornecedor,
 * totals, each item with its suggested produto and entry CFOP — and booked on confirmation.
 */
export default function ImportarXmlScreen() {
  const controller = useImportarXml();
  const { preview, busy } = controller;
  return (
    <Box sx={{ maxWidth: 1300, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Importar XML da NF-e
        </Typography>
        <Button component={RouterLink} to={LISTA} startIcon={<Icon>arrow_back</Icon>}>
          Voltar
        </Button>
      </Stack>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FilePickButton
            accept=".xml,text/xml,application/xml"
            inputLabel="Arquivo XML da NF-e"
            onFile={(file) => void controller.escolherArquivo(file)}
            disabled={busy}
          >
            Escolher arquivo XML
          </FilePickButton>
          <Typography variant="body2" color="text.secondary">
            {controller.arquivo ??
              'O XML (nfeProc) que o fornecedor envia por e-mail. A nota deve ser destinada ao CNPJ da filial selecionada.'}
          </Typography>
        </Stack>
      </Paper>
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {preview && (
        <>
          {preview.avisos.map((aviso) => (
            <Alert key={aviso} severity="warning" sx={{ mb: 1 }}>
              {aviso}
            </Alert>
          ))}
          <Paper sx={{ p: 2, mb: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                NF-e {preview.numero} série {preview.serie}
              </Typography>
              <Chip
                color={preview.fornecedor ? 'success' : 'warning'}
                label={preview.fornecedor ? 'Fornecedor cadastrado' : 'Fornecedor será cadastrado'}
              />
            </Box>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' },
                gap: 1,
                m: 0,
                '& dt': { color: 'text.secondary', fontSize: 13 },
                '& dd': { m: 0, mb: 1 },
              }}
            >
              <div>
                <dt>Emitente</dt>
                <dd>{preview.emitente.nome}</dd>
              </div>
              <div>
                <dt>CNPJ</dt>
                <dd>{formatCpfCnpj(preview.emitente.cpfCnpj)}</dd>
              </div>
              <div>
                <dt>Emissão</dt>
                <dd>{formatDate(preview.dataEmissao)}</dd>
              </div>
              <div>
                <dt>Protocolo</dt>
                <dd>{preview.protocolo ?? '—'}</dd>
              </div>
              <div>
                <dt>Produtos</dt>
                <dd>{formatBRL(preview.totais.valorProdutos)}</dd>
              </div>
              <div>
                <dt>IPI + ICMS ST + frete</dt>
                <dd>
                  {formatBRL(
                    preview.totais.valorIpi + preview.totais.valorIcmsSt + preview.totais.valorFrete,
                  )}
                </dd>
              </div>
              <div>
                <dt>Desconto</dt>
                <dd>{formatBRL(preview.totais.valorDesconto)}</dd>
              </div>
              <div>
                <dt>Total da nota</dt>
                <dd>
                  <strong>{formatBRL(preview.totais.valorTotal)}</strong>
                </dd>
              </div>
            </Box>
            <Typography variant="caption" color="text.secondary">
              Chave de acesso {preview.chave}
            </Typography>
          </Paper>
          <Paper sx={{ mb: 2, overflowX: 'auto' }}>
            <Table size="small" aria-label="Itens da nota">
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell>Código</TableCell>
                  <TableCell>Descrição</TableCell>
                  <TableCell align="right">Quantidade</TableCell>
                  <TableCell align="right">Valor unitário</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>CFOP de entrada</TableCell>
                  <TableCell>Produto</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.itens.map((item) => (
                  <TableRow key={item.numeroItem}>
                    <TableCell>{item.numeroItem}</TableCell>
                    <TableCell>{item.codigo}</TableCell>
                    <TableCell>
                      {item.descricao}
                      {item.ean && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          EAN {item.ean}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {quantidade(item.quantidade)} {item.unidade}
                    </TableCell>
                    <TableCell align="right">{formatBRL(item.valorUnitario)}</TableCell>
                    <TableCell align="right">{formatBRL(item.valorTotal)}</TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        label={`CFOP do item ${item.numeroItem}`}
                        value={controller.cfops[item.numeroItem] ?? ''}
                        onChange={(event) => controller.setCfop(item.numeroItem, event.target.value.trim())}
                        helperText={`Saída ${item.cfop}`}
                        error={!/^[1-3][0-9]{3}$/.test(controller.cfops[item.numeroItem] ?? '')}
                        sx={{ width: 130 }}
                        slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' } }}
                      />
                    </TableCell>
                    <TableCell>
                      <ProdutoItemPicker
                        label={`Produto do item ${item.numeroItem}`}
                        value={controller.escolhas[item.numeroItem] ?? { tipo: 'nenhum' }}
                        sugestao={sugestaoDe(item)}
                        onChange={(escolha) => controller.setEscolha(item.numeroItem, escolha)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label="Data de entrada"
              type="date"
              value={controller.dataEntrada}
              onChange={(event) => controller.setDataEntrada(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { sm: 200 } }}
            />
            <Button
              variant="contained"
              startIcon={<Icon>check</Icon>}
              onClick={() => void controller.confirmar()}
              disabled={busy || controller.cfopInvalido || !controller.dataEntrada}
            >
              Confirmar importação
            </Button>
            <Typography variant="body2" color="text.secondary">
              A entrada fica Pendente até ser lançada no estoque.
            </Typography>
          </Stack>
        </>
      )}
    </Box>
  );
}
