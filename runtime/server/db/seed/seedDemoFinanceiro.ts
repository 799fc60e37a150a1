import { addDias, addMeses } from '../../../core/financeiro/periodos.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { baixarTitulos } from '../../postings/financeiro/baixarTitulos.ts';
import { lancarMovimentoAvulso } from '../../postings/financeiro/movimentoAvulso.ts';
import { efetivarTransferencia } from '../../postings/financeiro/transferencia.ts';
import type { Database } from '../database.ts';
import { withDemoRecords } from './demoRecords.ts';

type Row = Record<string, unknown>;

/** The day `dia` of the month of `iso`, clamped to the month's end. */
const diaDoMes = (iso: string, dia: number) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${iso.slice(0, 8)}${String(Math.min(dia, last)).padStart(2, '0')}`;
};
const mesAno = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Six months of the demo company's own finance (first `npm start` only, after the trade seed), through the
 * finance services as the API posts them: two bank accounts, a plano de contas with its DRE groups, the
 * monthly salários, energia, Simples Nacional (DAS) and a consultoria service billed to a customer, the
 * rent (a lançamento recorrente whose past titles are here; its generator creates the next ones), baixas
 * on the due date, one paid late with juros and multa, one early with desconto, one partial, recent ones
 * left open (some overdue), bank fees and investment income as avulsos, and transfers between the
 * accounts. Returns false when done already or without the trade seed.
 */
export async function seedDemoFinanceiro(db: Database, schemas: SchemaFiles, agora = new Date()) {
  const hoje = agora.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  return withDemoRecords(db, schemas, async ({ tx, context, create }) => {
    if (await tx.maybeOne(`SELECT 1 FROM conta WHERE descricao = 'Banco do Brasil — conta movimento'`))
      return false;
    if (!(await tx.maybeOne('SELECT 1 FROM pedido_venda LIMIT 1'))) return false;
    const ctx = { tx, scope: context('lancamento').scope };
    const abertura = addMeses(`${hoje.slice(0, 8)}01`, -7);
    const bb = (await create('conta', {
      descricao: 'Banco do Brasil — conta movimento',
      tipoConta: 2,
      bancoCodigo: '001',
      agencia: '1234-5',
      numeroConta: '98765-0',
      saldoInicial: 12000,
      dataSaldoInicial: abertura,
    })) as { id: number };
    const itau = (await create('conta', {
      descricao: 'Itaú — aplicação',
      tipoConta: 2,
      bancoCodigo: '341',
      agencia: '0987',
      numeroConta: '12345-6',
      saldoInicial: 15000,
      dataSaldoInicial: abertura,
    })) as { id: number };

    // Plano de contas: each category with the DRE line it sums in.
    const categoria = async (descricao: string, tipo: 1 | 2, grupoDre: string) =>
      (await create('categoriaFinanceira', { descricao, tipo, grupoDre })) as { id: number };
    const servicos = await categoria('Receita de serviços', 1, 'receitaBruta');
    const das = await categoria('Simples Nacional (DAS)', 2, 'deducoes');
    const aluguel = await categoria('Aluguel da loja', 2, 'despesasOperacionais');
    const salarios = await categoria('Salários e encargos', 2, 'despesasOperacionais');
    const energia = await categoria('Energia e telefone', 2, 'despesasOperacionais');
    const tarifas = await categoria('Tarifas bancárias', 2, 'despesasFinanceiras');
    const rendimentos = await categoria('Rendimentos de aplicação', 1, 'receitasFinanceiras');
    const caixa = await tx.maybeOne<{ id: number }>(
      `SELECT id::int AS id FROM conta WHERE descricao = 'Caixa da matriz' AND ativo LIMIT 1`,
    );
    const cliente = await tx.maybeOne<{ id: number }>(
      `SELECT id::int AS id FROM pessoa WHERE cpf_cnpj = '60701190000104' LIMIT 1`,
    );

    const titulo = async (
      view: 'receita' | 'despesa',
      descricao: string,
      valor: number,
      vencimento: string,
      competencia: string,
      categoriaFinanceiraId: number,
      contaId = bb.id,
    ) =>
      (await create(view, {
        descricao,
        valor,
        contaId,
        categoriaFinanceiraId,
        dataEmissao: competencia,
        dataCompetencia: competencia,
        dataVencimento: vencimento,
        ...(view === 'receita' && cliente ? { pessoaId: cliente.id } : {}),
      })) as { id: number };
    const baixar = (id: number, data: string, principal: number, extra: Row = {}, contaId = bb.id) =>
      baixarTitulos(ctx, { data, contaId, itens: [{ lancamentoId: id, principal, ...extra }] });

    // The rent is a series (lançamento recorrente) from next month on; its past titles are typed here.
    const proximoMes = addMeses(`${hoje.slice(0, 8)}01`, 1);
    await create('lancamentoRecorrente', {
      tipo: 2,
      descricao: 'Aluguel da loja',
      contaId: bb.id,
      categoriaFinanceiraId: aluguel.id,
      valor: 950,
      intervalo: 'M',
      diaVencimento: 10,
      dataInicio: diaDoMes(proximoMes, 10),
      ativo: true,
    });

    for (let k = 5; k >= -2; k--) {
      const mes = addMeses(`${hoje.slice(0, 8)}01`, -k);
      const ref = mesAno(mes);
      const passado = (iso: string) => iso < hoje;
      // Salários (day 5) and rent (day 10), paid on the due date once it has passed.
      const salario = diaDoMes(mes, 5);
      const s = await titulo('despesa', `Salários e encargos — ${ref}`, 1400, salario, mes, salarios.id);
      if (passado(salario)) await baixar(s.id, salario, 1400);
      if (k >= 0) {
        const venc = diaDoMes(mes, 10);
        const a = await titulo('despesa', `Aluguel da loja — ${ref}`, 950, venc, mes, aluguel.id);
        if (passado(venc)) await baixar(a.id, venc, 950);
      }
      if (k < 0) continue;
      // Energia e telefone (day 15): one paid early with 2 % off; last month's and this month's still open.
      const vencEnergia = diaDoMes(mes, 15);
      const valorEnergia = 180 + 11 * k;
      const e = await titulo(
        'despesa',
        `Energia e telefone — ${ref}`,
        valorEnergia,
        vencEnergia,
        mes,
        energia.id,
      );
      if (k === 4) await baixar(e.id, addDias(vencEnergia, -3), valorEnergia, { desconto: 3.6 });
      else if (k >= 2) await baixar(e.id, vencEnergia, valorEnergia);
      // Simples Nacional of the month before, due on the 20th: one paid five days late (multa 2 %, juros).
      {
        const competencia = addMeses(mes, -1);
        const vencDas = diaDoMes(mes, 20);
        const valorDas = 128 + 6 * (5 - k);
        const d = await titulo(
          'despesa',
          `Simples Nacional (DAS) — ${mesAno(competencia)}`,
          valorDas,
          vencDas,
          competencia,
          das.id,
        );
        if (k === 3) await baixar(d.id, addDias(vencDas, 5), valorDas, { multa: 2.76, juros: 0.46 });
        else if (passado(vencDas)) await baixar(d.id, vencDas, valorDas);
      }
      // Consultoria billed on the 25th: received on time, once partially, once late with juros and multa.
      const vencServico = diaDoMes(mes, 25);
      const r = await titulo(
        'receita',
        `Consultoria de cardápio — ${ref}`,
        2400,
        vencServico,
        mes,
        servicos.id,
      );
      if (k >= 3) await baixar(r.id, vencServico, 2400);
      else if (k === 2) await baixar(r.id, vencServico, 1400);
      else if (k === 1 && passado(addDias(vencServico, 7)))
        await baixar(r.id, addDias(vencServico, 7), 2400, { juros: 16.8, multa: 48 });
      // Bank fee on the 1st and investment income on the month's last day, as avulsos.
      if (mes <= hoje)
        await lancarMovimentoAvulso(ctx, {
          contaId: bb.id,
          data: mes,
          valor: -39.9,
          descricao: `Tarifa de pacote de serviços — ${ref}`,
          categoriaFinanceiraId: tarifas.id,
        });
      const fimMes = addDias(addMeses(mes, 1), -1);
      if (passado(fimMes))
        await lancarMovimentoAvulso(ctx, {
          contaId: itau.id,
          data: fimMes,
          valor: 118.4 + 2 * k,
          descricao: `Rendimento da aplicação — ${ref}`,
          categoriaFinanceiraId: rendimentos.id,
        });
      // The shop's cash box is topped up from the bank early each month; once money goes to the
      // investment account, twice it comes back.
      const dia2 = diaDoMes(mes, 2);
      const transferir = async (descricao: string, de: number, para: number, valor: number, data: string) => {
        const transferencia = (await create('transferencia', {
          descricao,
          contaId: de,
          contaDestinoId: para,
          valor,
          dataVencimento: data,
        })) as { id: number };
        await efetivarTransferencia(ctx, transferencia.id);
      };
      if (caixa && passado(dia2))
        await transferir(`Suprimento do caixa da loja — ${ref}`, bb.id, caixa.id, 1500, dia2);
      const dia28 = diaDoMes(mes, 28);
      if (passado(dia28) && k === 4) await transferir(`Aplicação — ${ref}`, bb.id, itau.id, 1000, dia28);
      if (passado(dia28) && (k === 3 || k === 1))
        await transferir(`Resgate — ${ref}`, itau.id, bb.id, 2500, dia28);
    }
    return true;
  });
}
