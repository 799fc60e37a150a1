/**
 * Days an exported report stays available; the server removes older ones (keep in step with
 * REPORT_RETENTION_DAYS of runtime/server/services/reportRecords.ts).
 */
export const REPORT_RETENTION_DAYS = 7;

/** The empty state of the exported-reports dialog (the spec names the sections, not their content). */
export const REPORTS_EMPTY_TEXTS = {
  steps: [
    'Acesse o menu Relatórios e abra o relatório desejado (Vendas, Estoque, Financeiro ou Pessoas).',
    'Escolha os filtros, como o período, a filial e as demais opções.',
    'Clique em exportar e escolha PDF ou Excel (XLSX).',
    'Acompanhe o andamento por aqui: quando o status mudar para Finalizado, o arquivo estará pronto.',
  ],
  info: [
    'Os relatórios são gerados em segundo plano: você pode continuar usando o sistema e será avisado quando o arquivo ficar pronto.',
    `Os arquivos ficam disponíveis por ${REPORT_RETENTION_DAYS} dias. Depois disso, basta exportar o relatório novamente.`,
    'Relatórios em PDF abrem em uma nova janela para impressão: habilite as janelas pop-up do navegador.',
    'Planilhas em Excel (XLSX) são baixadas para o seu computador.',
  ],
} as const;
