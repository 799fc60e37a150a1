import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import { PROCESSING_STATUS } from '../../../core/constants.ts';
import { formatDateTime } from '../../../core/formatDate.ts';
import { ReportStatusChip } from './ReportStatusChip.tsx';
import type { Relatorio } from './reportExportPlan.ts';

/** The exported reports grid: Descrição, Formato, Status, Data, Ações (download only when finished). */
export function ReportsTable({
  relatorios,
  fileHref,
  onDelete,
}: {
  relatorios: Relatorio[];
  fileHref: (relatorio: Relatorio) => string | null;
  onDelete: (relatorio: Relatorio) => void;
}) {
  return (
    <Table size="small" stickyHeader aria-label="Relatórios exportados">
      <TableHead>
        <TableRow>
          <TableCell>Descrição</TableCell>
          <TableCell>Formato</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Data</TableCell>
          <TableCell align="right">Ações</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {relatorios.map((relatorio) => {
          const href = relatorio.status === PROCESSING_STATUS.FINALIZADO ? fileHref(relatorio) : null;
          return (
            <TableRow key={relatorio.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{relatorio.descricao}</TableCell>
              <TableCell>{relatorio.tipo.toUpperCase()}</TableCell>
              <TableCell>
                <Tooltip title={relatorio.erro?.message ?? ''}>
                  <span>
                    <ReportStatusChip status={relatorio.status} />
                  </span>
                </Tooltip>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(relatorio.dataInclusao)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {href && (
                  <Tooltip title="Baixar">
                    <IconButton
                      size="small"
                      component="a"
                      href={href}
                      target="_blank"
                      rel="noopener"
                      aria-label={`Baixar ${relatorio.descricao}`}
                      {...(relatorio.tipo === 'xlsx' ? { download: '' } : {})}
                    >
                      <Icon fontSize="small">download</Icon>
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title="Excluir">
                  <IconButton
                    size="small"
                    aria-label={`Excluir ${relatorio.descricao}`}
                    onClick={() => onDelete(relatorio)}
                  >
                    <Icon fontSize="small">delete_outline</Icon>
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
