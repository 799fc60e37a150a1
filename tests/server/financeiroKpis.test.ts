import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDias } from '../../runtime/core/financeiro/periodos.ts';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { createReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { buildReportPlan } from '../../runtime/server/services/reports/buildReportPlan.ts';
import { generateReport } from '../../runtime/server/services/reports/generateReport.ts';
import { loadReportDefinition } from '../../runtime/server/services/reports/loadReportDefinition.ts';
import { pdfPages, readXlsx } from '../support/reportFiles.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Finance KPIs of the dashboard (flows.md §5), the DRE (F7) and the fluxo de caixa on a small fixture of
 * the trial company (no other finance data): two accounts, titles of receita and despesa, a partial baixa
 * with juros (flows.md §6 item 5), a baixa with desconto, a transfer (F4: out of the DRE, the total saldo
 * unchanged), a cancelled title, then an estorno. Every figure is asserted exactly.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;
const hoje = hojeBrasilia();
const fimMes = (() => {
  const [y, m] = hoje.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
})();
/** R4 falls in "restante do mês" unless today is the month's last day. */
const restante = fimMes > hoje ? 20 : 0;

const api = (method: string, url: string, auth: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown, auth = token) => {
  const response = await api(method, url, auth, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as Body;
};

let banco: Body;
let caixa: Body;
let r1: Body;
let baixaR1: number;

beforeAll(async () => {
  server = await createTestServer({ jobs: {} });
  token = await login(server.app, 'trial@erp.local');
  banco = await ok('POST', '/api/Contas', {
    descricao: 'Banco KPI',
    saldoInicial: 1000,
    dataSaldoInicial: '2020-01-01',
  });
  caixa = await ok('POST', '/api/Contas', {
    descricao: 'Caixa KPI',
    saldoInicial: 200,
    dataSaldoInicial: '2020-01-01',
  });
  const vendas = await ok('POST', '/api/CategoriasFinanceiras', {
    descricao: 'Vendas KPI',
    tipo: 1,
    grupoDre: 'receitaBruta',
  });
  const aluguel = await ok('POST', '/api/CategoriasFinanceiras', { descricao: 'Aluguel KPI', tipo: 2 });
  const receita = (descricao: string, valor: number, dataCompetencia: string, dataVencimento: string) =>
    ok('POST', '/api/Receitas', {
      descricao,
      valor,
      contaId: banco.id,
      categoriaFinanceiraId: vendas.id,
      dataEmissao: dataCompetencia,
      dataCompetencia,
      dataVencimento,
    });
  const despesa = (descricao: string, valor: number, dataCompetencia: string, dataVencimento: string) =>
    ok('POST', '/api/Despesas', {
      descricao,
      valor,
      contaId: banco.id,
      categoriaFinanceiraId: aluguel.id,
      dataEmissao: dataCompetencia,
      dataCompetencia,
      dataVencimento,
    });
  r1 = await receita('R1 parcial com juros', 100, '2025-03-15', '2025-03-20');
  await receita('R2 vence hoje', 50, '2025-03-20', hoje);
  await receita('R3 em 45 dias', 30, '2025-02-10', addDias(hoje, 45));
  if (restante) await receita('R4 restante do mês', 20, '2025-05-10', fimMes);
  const cancelada = await receita('Cancelada', 999, '2025-03-01', '2025-03-01');
  await ok('POST', `/api/Receitas/${cancelada.id}/cancelar`, {});
  const d1 = await despesa('D1 aluguel com desconto', 80, '2025-03-01', '2025-03-05');
  await despesa('D2 aluguel em 20 dias', 25, '2025-04-01', addDias(hoje, 20));
  const baixa = await ok('POST', '/api/Lancamentos/baixar', {
    data: '2025-04-05',
    contaId: banco.id,
    itens: [{ lancamentoId: r1.id, principal: 40, juros: 2 }],
  });
  baixaR1 = Number((baixa.baixas as Body[])[0]?.id);
  await ok('POST', '/api/Lancamentos/baixar', {
    data: '2025-03-05',
    contaId: banco.id,
    itens: [{ lancamentoId: d1.id, principal: 80, desconto: 5 }],
  });
  const transferencia = await ok('POST', '/api/Transferencias', {
    descricao: 'Banco para o caixa',
    contaId: banco.id,
    contaDestinoId: caixa.id,
    valor: 300,
    dataVencimento: '2025-03-10',
  });
  await ok('POST', `/api/Transferencias/${transferencia.id}/efetivar`, {});
}, 300_000);
afterAll(async () => server?.close());

describe('dashboard KPIs (flows.md §5)', () => {
  it('saldo em contas is Σ F3 of the active accounts: the transfer moves money but not the total', async () => {
    const saldo = await ok('GET', '/api/Dashboard/saldo-contas');
    // 1000 + 200 + 42 (R1: 40 + 2 juros) − 75 (D1: 80 − 5 desconto)
    expect(saldo.total).toBe(1167);
    expect(saldo.contas).toEqual([
      { id: banco.id, descricao: 'Banco KPI', saldo: 667 },
      { id: caixa.id, descricao: 'Caixa KPI', saldo: 500 },
    ]);
  });

  it('a receber and a pagar split hoje / restante do mês / vencidos from valor_aberto', async () => {
    const receber = await ok('GET', '/api/Dashboard/contas-receber');
    expect(receber).toMatchObject({
      hoje,
      aberto: 60 + 50 + 30 + restante,
      vencido: 60,
      quantidadeVencida: 1,
      venceHoje: 50,
      restanteMes: restante,
    });
    const pagar = await ok('GET', '/api/Dashboard/contas-pagar');
    expect(pagar).toMatchObject({ aberto: 25, vencido: 0, venceHoje: 0, quantidadeAberta: 1 });
  });

  it('fluxo projetado: saldo hoje + a receber − a pagar due up to 30/60/90 days, overdue apart', async () => {
    const fluxo = await ok('GET', '/api/Dashboard/fluxo-projetado');
    expect(fluxo.saldoHoje).toBe(1167);
    expect(fluxo.vencidos).toEqual({ receber: 60, pagar: 0 });
    const pontos = fluxo.pontos as Body[];
    expect(pontos.map((ponto) => ponto.rotulo)).toEqual(['Hoje', '30 dias', '60 dias', '90 dias']);
    expect(pontos[0]).toMatchObject({ saldo: 1167 });
    expect(pontos[1]).toMatchObject({ receber: 50 + restante, pagar: 25, saldo: 1167 + 50 + restante - 25 });
    expect(pontos[2]).toMatchObject({ receber: 80 + restante, pagar: 25, saldo: 1167 + 80 + restante - 25 });
    expect(pontos[3]).toMatchObject({ saldo: 1167 + 80 + restante - 25, ate: addDias(hoje, 90) });
  });
});

const linhas = (dre: Body) =>
  (dre.linhas as Body[]).map((linha) => [linha.nivel, linha.descricao, linha.valor, linha.anterior]);

describe('DRE (F7)', () => {
  it('by competência sums the titles by data de competência and grupo, cancelled and transfers left out', async () => {
    const dre = await ok(
      'GET',
      '/api/RelatoriosFinanceiros/dre?regime=competencia&de=2025-03-01&ate=2025-03-31',
    );
    expect(dre.comparacao).toEqual({ tipo: 'anterior', de: '2025-02-01', ate: '2025-02-28' });
    expect(linhas(dre)).toEqual([
      ['grupo', 'Receita bruta', 150, 30],
      ['linha', 'Vendas KPI', 150, 30],
      ['grupo', 'Despesas operacionais', -80, 0],
      ['linha', 'Aluguel KPI', -80, 0],
      ['resultado', 'Resultado líquido', 70, 30],
    ]);
    expect(dre.resultado).toEqual({ valor: 70, anterior: 30, variacao: 133.3 });
  });

  it('by caixa sums the movements by date, juros and desconto on lines of their own, the transfer left out', async () => {
    const dre = await ok(
      'GET',
      '/api/RelatoriosFinanceiros/dre?regime=caixa&de=2025-03-01&ate=2025-04-30&comparacao=ano',
    );
    expect(dre.comparacao).toEqual({ tipo: 'ano', de: '2024-03-01', ate: '2024-04-30' });
    expect(linhas(dre)).toEqual([
      ['grupo', 'Receita bruta', 40, 0],
      ['linha', 'Vendas KPI', 40, 0],
      ['grupo', 'Despesas operacionais', -80, 0],
      ['linha', 'Aluguel KPI', -80, 0],
      ['grupo', 'Receitas financeiras', 7, 0],
      ['linha', 'Descontos', 5, 0],
      ['linha', 'Juros e multas', 2, 0],
      ['resultado', 'Resultado líquido', -33, 0],
    ]);
  });

  it('fluxo de caixa realizado runs from the balance before the period, without the transfer', async () => {
    const fluxo = await ok(
      'GET',
      '/api/RelatoriosFinanceiros/fluxo-caixa?tipo=realizado&de=2025-03-01&ate=2025-04-30&agrupamento=mes',
    );
    expect(fluxo).toMatchObject({
      saldoInicial: 1200,
      saldoFinal: 1167,
      totais: { entradas: 42, saidas: 75 },
    });
    expect(fluxo.periodos).toEqual([
      {
        periodo: '03/2025',
        inicio: '2025-03-01',
        fim: '2025-03-31',
        entradas: 0,
        saidas: 75,
        resultado: -75,
        saldo: 1125,
      },
      {
        periodo: '04/2025',
        inicio: '2025-04-01',
        fim: '2025-04-30',
        entradas: 42,
        saidas: 0,
        resultado: 42,
        saldo: 1167,
      },
    ]);
  });

  it('refuses a period that ends before it starts with a 400 in words', async () => {
    const response = await api('GET', '/api/RelatoriosFinanceiros/dre?de=2025-03-31&ate=2025-03-01', token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('A data final do período é anterior à inicial.');
  });

  it('an estorno reverses the baixa on its own date: the old months keep their caixa, the title is open again', async () => {
    await ok('POST', `/api/Baixas/${baixaR1}/estornar`, {});
    const antigo = await ok(
      'GET',
      '/api/RelatoriosFinanceiros/dre?regime=caixa&de=2025-03-01&ate=2025-04-30',
    );
    expect(antigo.resultado).toMatchObject({ valor: -33 });
    // The estorno is dated on the Brasília day of the action.
    const agora = await ok(
      'GET',
      `/api/RelatoriosFinanceiros/dre?regime=caixa&de=${hoje}&ate=${addDias(hoje, 1)}`,
    );
    expect(linhas(agora)).toEqual([
      ['grupo', 'Receita bruta', -40, 0],
      ['linha', 'Vendas KPI', -40, 0],
      ['grupo', 'Receitas financeiras', -2, 0],
      ['linha', 'Juros e multas', -2, 0],
      ['resultado', 'Resultado líquido', -42, 0],
    ]);
    // Saldo em contas is F3 at today (Brasília), the estorno's own day: the reversing movement counts.
    expect(await ok('GET', '/api/Dashboard/saldo-contas')).toMatchObject({ total: 1125 });
    expect(await ok('GET', '/api/Dashboard/contas-receber')).toMatchObject({ vencido: 100 });
  });
});

/** Generates a dataset report as the report worker does (trial's tenant) and returns the stored file. */
async function exportar(relatorio: string, formato: 'pdf' | 'xlsx', filtros: Record<string, unknown>) {
  const whiteLabel = await server.tenants.forHost('localhost');
  if (!whiteLabel) throw new Error('white-label localhost ausente');
  const trial = await server.db.withSystem((tx) =>
    tx.one<{ id: number; empresa_id: number; filial_id: number }>(
      `SELECT id, empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'trial@erp.local'`,
    ),
  );
  const record = await createReportRecord(server.app, {
    empresaId: trial.empresa_id,
    usuarioId: trial.id,
    descricao: relatorio,
    tipo: formato,
  });
  const plan = buildReportPlan({
    definition: loadReportDefinition(whiteLabel.schemas, relatorio),
    schemas: whiteLabel.schemas,
    formato,
    filtros,
    relatorioId: record.id,
    tenant: {
      empresaId: Number(trial.empresa_id),
      filialId: Number(trial.filial_id),
      usuarioId: Number(trial.id),
    },
  });
  await generateReport(server.databaseUrl, plan);
  return (
    await server.db.withSystem((tx) =>
      tx.one<{ arquivo: Buffer }>('SELECT arquivo FROM relatorio WHERE id = $1', [record.id]),
    )
  ).arquivo;
}

describe('exports through the report queue (datasets)', () => {
  it('writes the DRE by caixa to XLSX with its groups, subtotals and the result as grand total', async () => {
    const sheet = await readXlsx(
      await exportar('dre', 'xlsx', {
        regime: 'caixa',
        de: '2025-03-01',
        ate: '2025-04-30',
        comparacao: 'ano',
      }),
    );
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const text = rows.map((row) =>
      row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))).join('|'),
    );
    expect(text).toEqual(
      expect.arrayContaining(['Vendas KPI|40|0', 'Juros e multas|2|0', 'Descontos|5|0', 'Aluguel KPI|-80|0']),
    );
    expect(text.some((line) => line.startsWith('Grupo: Receitas financeiras'))).toBe(true);
    expect(text.some((line) => /^Total geral\|*-33\|0/.test(line))).toBe(true);
  });

  it('writes the projected fluxo de caixa to PDF with the overdue titles apart', async () => {
    const texts = await pdfPages(
      await exportar('fluxo-caixa', 'pdf', {
        tipo: 'projetado',
        de: hoje,
        ate: addDias(hoje, 60),
        agrupamento: 'mes',
      }),
    );
    const all = texts.join('\n');
    expect(all).toContain('Fluxo de caixa');
    expect(all).toContain('Títulos: vencidos antes de hoje (à parte do saldo)');
    expect(all).toContain('Títulos: no período');
  });

  it('runs through the queue: POST /api/Relatorios/exportar ends Finalizado with the file', async () => {
    const relatorio = await ok('POST', '/api/Relatorios/exportar', {
      relatorio: 'dre',
      formato: 'pdf',
      filtros: { regime: 'competencia', de: '2025-03-01', ate: '2025-03-31', comparacao: 'anterior' },
    });
    let record: Body = {};
    for (let i = 0; i < 120 && record.statusString !== 'Finalizado' && record.statusString !== 'Erro'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      record =
        (
          (await ok('GET', `/api/Relatorios?filter={"where":{"id":${relatorio.id}}}`)) as unknown as Body[]
        )[0] ?? {};
    }
    expect(record.statusString, JSON.stringify(record)).toBe('Finalizado');
  });

  it('refuses a dataset filter the user must fix with a 400 naming it', async () => {
    const response = await api('POST', '/api/Relatorios/exportar', token, {
      relatorio: 'dre',
      formato: 'pdf',
      filtros: { regime: 'mensal', de: '2025-03-01', ate: '2025-03-31' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^O filtro "Regime" recebeu um valor que não existe/);
  });
});

describe('permissions', () => {
  it('answers the finance KPIs and reports only to a profile holding their keys', async () => {
    const { token: vendas } = await addDemoUserWithProfile(server, {
      email: 'so-vendas-kpi@erp.local',
      nome: 'Vera Vendas',
      perfil: 'Só vendas KPI',
      permissoes: { DASHBOARD: 1, VENDAS_PEDIDO_VENDAS: 1 },
    });
    expect((await api('GET', '/api/Dashboard/vendas-mes', vendas)).statusCode).toBe(200);
    for (const url of [
      '/api/Dashboard/saldo-contas',
      '/api/Dashboard/fluxo-projetado',
      '/api/RelatoriosFinanceiros/dre?de=2025-03-01&ate=2025-03-31',
      '/api/RelatoriosFinanceiros/fluxo-caixa?de=2025-03-01&ate=2025-03-31',
    ]) {
      const refused = await api('GET', url, vendas);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.message).toMatch(/permissão/i);
    }
  });

  it('never shows another company’s accounts', async () => {
    const demo = await login(server.app, 'demo@erp.local');
    const contas = (await ok('GET', '/api/Dashboard/saldo-contas', undefined, demo)).contas as Body[];
    expect(contas.map((conta) => conta.id)).not.toContain(banco.id);
  });
});
