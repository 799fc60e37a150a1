import type { FastifyInstance } from 'fastify';
import { alertasGeraisRoutes } from './Alertas/gerais.ts';
import { alertasRoutes } from './Alertas/index.ts';
import { arquivosFiscaisRoutes } from './ArquivosFiscais/index.ts';
import { ambientesRoutes } from './ambientes/index.ts';
import { backupsRoutes } from './Backups/index.ts';
import { retornoBoletoRoutes } from './Boletos/retorno.ts';
import { caixasRoutes } from './Caixas/index.ts';
import { cepsRoutes } from './Ceps/index.ts';
import { certificadosDigitaisRoutes } from './CertificadosDigitais/index.ts';
import { configWhiteLabelsRoutes } from './ConfigWhiteLabels/index.ts';
import { contasExtratoRoutes } from './Contas/extrato.ts';
import { dashboardRoutes } from './Dashboard/index.ts';
import { documentationRoutes } from './documentation/index.ts';
import { empresasExportacaoRoutes } from './Empresas/index.ts';
import { exportacoesFiscaisRoutes } from './ExportacoesFiscais/index.ts';
import { financeiroWhiteLabelRoutes } from './FinanceiroWhiteLabel/index.ts';
import { ibptRoutes } from './Ibpt/index.ts';
import { importacoesRoutes } from './Importacoes/index.ts';
import { lancamentosBaixarRoutes } from './Lancamentos/baixar.ts';
import { conciliacaoOfxRoutes } from './Lancamentos/conciliacaoOfx.ts';
import { lgpdRoutes } from './Lgpd/index.ts';
import { notasFiscaisDanfeRoutes } from './NotasFiscais/danfe.ts';
import { notasFiscaisEmissaoRoutes } from './NotasFiscais/index.ts';
import { npsRoutes } from './Nps/index.ts';
import { pdvVersoesRoutes } from './PdvVersoes/index.ts';
import { planosRoutes } from './Planos/index.ts';
import { produtosFerramentasRoutes } from './Produtos/index.ts';
import { pingRoutes } from './ping/index.ts';
import { relatoriosRoutes } from './Relatorios/index.ts';
import { relatoriosFinanceirosRoutes } from './RelatoriosFinanceiros/index.ts';
import { recordsRoutes } from './records/index.ts';
import { schemasRoutes } from './Schemas/index.ts';
import { sequenciasFilialRoutes } from './SequenciasFilial/index.ts';
import { usuariosAuthRoutes } from './Usuarios/auth.ts';
import { usuariosCadastroRoutes } from './Usuarios/cadastro.ts';
import { usuariosCrudRoutes } from './Usuarios/crud.ts';
import { usuariosFavoritosRoutes } from './Usuarios/favoritos.ts';
import { usuariosPlanosRoutes } from './Usuarios/planos.ts';
import { usuariosResetRoutes } from './Usuarios/reset.ts';
import { usuariosWhiteLabelPageRoutes } from './Usuarios/whiteLabelPage.ts';
import { webhookEntregasRoutes } from './WebhookEntregas/index.ts';
import { xmlNfeRoutes } from './XmlNfe/index.ts';

/** Every route module, registered in this order (one folder per API area). */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  pingRoutes,
  ambientesRoutes,
  usuariosAuthRoutes,
  usuariosCadastroRoutes,
  usuariosResetRoutes,
  usuariosFavoritosRoutes,
  usuariosCrudRoutes,
  usuariosWhiteLabelPageRoutes,
  usuariosPlanosRoutes,
  configWhiteLabelsRoutes,
  planosRoutes,
  cepsRoutes,
  schemasRoutes,
  alertasRoutes,
  alertasGeraisRoutes,
  relatoriosRoutes,
  produtosFerramentasRoutes,
  exportacoesFiscaisRoutes,
  arquivosFiscaisRoutes,
  importacoesRoutes,
  conciliacaoOfxRoutes,
  lancamentosBaixarRoutes,
  retornoBoletoRoutes,
  contasExtratoRoutes,
  dashboardRoutes,
  relatoriosFinanceirosRoutes,
  certificadosDigitaisRoutes,
  pdvVersoesRoutes,
  backupsRoutes,
  empresasExportacaoRoutes,
  lgpdRoutes,
  ibptRoutes,
  sequenciasFilialRoutes,
  financeiroWhiteLabelRoutes,
  npsRoutes,
  xmlNfeRoutes,
  notasFiscaisEmissaoRoutes,
  notasFiscaisDanfeRoutes,
  caixasRoutes,
  webhookEntregasRoutes,
  documentationRoutes,
  recordsRoutes, // last: resources served above keep their own routes
];
