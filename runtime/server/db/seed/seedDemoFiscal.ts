import { digitoChaveAcesso } from '../../../core/chaveAcesso.ts';
import type { DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import { UF_POR_CODIGO_IBGE } from '../../../core/fiscal/inscricaoEstadual.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { runTransition } from '../../services/documents/runTransition.ts';
import { updateRecord } from '../../services/records/updateRecord.ts';
import type { Database } from '../database.ts';
import { withDemoRecords } from './demoRecords.ts';

type Row = Record<string, unknown>;

/** NCM of the demo stock's produtos (seedDemoEstoque), by code. */
export const NCM: Record<string, string> = {
  CAF500: '09012100',
  ACU1K: '17019900',
  ARR5K: '10063021',
  FEI1K: '07133399',
  OLE900: '15079011',
  IOG170: '04039000',
};

/** The last closed month in Brasília: its first and last days (ISO) and a date of it by day. */
export function ultimoMesFechado(agora = new Date()) {
  const local = new Date(agora.getTime() - 3 * 3600_000);
  const inicio = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  const fim = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 0));
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return {
    inicio: iso(inicio),
    fim: iso(fim),
    periodo: iso(inicio).slice(0, 7),
    dia: (dia: number) => iso(new Date(Date.UTC(inicio.getUTCFullYear(), inicio.getUTCMonth(), dia))),
  };
}

/** A 44-digit access key of the demo matriz (SP, CNPJ 11.222.333/0001-81) with its check digit. */
function chaveDemo(modelo: '55' | '65', serie: number, numero: number, data: string): string {
  const inicio = `35${data.slice(2, 4)}${data.slice(5, 7)}11222333000181${modelo}${String(serie).padStart(3, '0')}`;
  const corpo = `${inicio}${String(numero).padStart(9, '0')}1${String(numero * 7919)
    .padStart(8, '0')
    .slice(-8)}`;
  return `${corpo}${digitoChaveAcesso(corpo)}`;
}

const centavos = (valor: number) => Math.round(valor * 100) / 100;

interface ItemDemo {
  produto: string;
  quantidade: number;
  valorUnitario: number;
  cfop: string;
  aliquotaIcms: number;
  /** PIS/COFINS of a supplier note (CST 50, credit). */
  credito?: boolean;
}

/**
 * Fiscal data of the demo company for the last closed month (first `npm start` only, after the demo stock):
 * the matriz's fiscal register (pessoa of type Filial with IE, address, IBGE city), its NF-e settings
 * (regime normal), the contador, a stock account for H010, clientes and fornecedores with valid IEs, NCM on
 * the demo produtos, NF-e de saída (one cancelled), an NFC-e, supplier notes booked into stock and the
 * month-end inventory — all through the records and document services, so SPED and Sintegra of that month
 * come out clean right away. Returns false when already done or without the demo company.
 */
export async function seedDemoFiscal(
  db: Database,
  schemas: SchemaFiles,
  agora = new Date(),
): Promise<boolean> {
  const mes = ultimoMesFechado(agora);
  return withDemoRecords(db, schemas, async ({ tx, context, create }) => {
    if (await tx.maybeOne('SELECT 1 FROM inventario_sped LIMIT 1')) return false;
    const patch = (name: string, id: unknown, body: Row) =>
      updateRecord(context(name), Number(id), body, 'patch');

    // The demo stock's produtos (seedDemoEstoque) are the goods of the notes: nothing to do without them.
    const produtos = new Map<string, Row>();
    for (const row of await tx.query<{ id: number; codigo: string; descricao: string; unidade: string }>(
      'SELECT id::int AS id, codigo, descricao, unidade FROM produto WHERE codigo = ANY($1::text[])',
      [Object.keys(NCM)],
    ))
      produtos.set(row.codigo, row);
    if (produtos.size === 0) return false;
    for (const [codigo, produto] of produtos) await patch('produto', produto.id, { ncm: NCM[codigo] });

    await create('pessoa', {
      tipoPessoa: 2,
      nome: 'Empresa Demonstração Ltda',
      apelido: 'Matriz',
      cpfCnpj: '11222333000181',
      inscricaoEstadual: '148.235.611.119',
      indicadorIe: 1,
      uf: 'SP',
      codigoMunicipio: 3550308,
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      telefone: '1133334444',
      email: 'fiscal@demonstracao.com.br',
    });
    const natureza = await create('naturezaOperacao', { descricao: 'Venda de mercadoria', tipoOperacao: 1 });
    await create('configuracaoNfe', {
      regimeTributario: 3,
      naturezaOperacaoId: natureza.id,
      serieNfe: 1,
      proximoNumeroNfe: 1301,
      serieNfce: 1,
      proximoNumeroNfce: 5001,
    });
    await create('contador', {
      nome: 'Carla Contadora',
      cpf: '529.982.247-25',
      crc: '1SP123456O8',
      cnpjEscritorio: '45678912000155',
      email: 'carla@contabilidade.com.br',
      telefone: '1132105000',
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '10',
      bairro: 'Sé',
      uf: 'SP',
      codigoMunicipio: 3550308,
    });
    await create('contaContabilSped', {
      codigo: '1.1.4.01',
      descricao: 'Estoque de mercadorias para revenda',
      naturezaContaContabil: 1,
      tipoContaContabil: 'A',
      nivel: 4,
    });
    // Each participant with its own SPED code (COD_PART of 0150), as an accountant keeps them.
    const pessoa = async (view: string, codigo: string, body: Row) => {
      const criada = await create(view, { indicadorIe: 1, numero: '100', bairro: 'Centro', ...body });
      await create('participanteSped', { pessoaId: criada.id, codigo });
      return criada;
    };
    const mercadoCarioca = await pessoa('cliente', 'C0001', {
      nome: 'Mercado Carioca Ltda',
      cpfCnpj: '23456789000195',
      inscricaoEstadual: '78.654.30-9',
      uf: 'RJ',
      codigoMunicipio: 3304557,
      cep: '20040002',
      logradouro: 'Rua da Assembleia',
    });
    const emporio = await pessoa('cliente', 'C0002', {
      nome: 'Empório Paulistano Ltda',
      cpfCnpj: '19827364000178',
      inscricaoEstadual: '335.127.905.119',
      uf: 'SP',
      codigoMunicipio: 3509502,
      cep: '13010001',
      logradouro: 'Rua Barão de Jaguara',
    });
    const atacadoMineiro = await pessoa('fornecedor', 'F0001', {
      nome: 'Atacado Mineiro de Alimentos S.A.',
      cpfCnpj: '76543210000198',
      inscricaoEstadual: '7064122300020',
      uf: 'MG',
      codigoMunicipio: 3106200,
      cep: '30130001',
      logradouro: 'Avenida Afonso Pena',
    });
    const cerealista = await pessoa('fornecedor', 'F0002', {
      nome: 'Cerealista Paraná Ltda',
      cpfCnpj: '04252011000110',
      inscricaoEstadual: '90512345-93',
      uf: 'PR',
      codigoMunicipio: 4106902,
      cep: '80010000',
      logradouro: 'Rua XV de Novembro',
    });

    const itens = (lista: ItemDemo[]) =>
      lista
        .filter((item) => produtos.has(item.produto))
        .map((item, index) => {
          const produto = produtos.get(item.produto) as Row;
          const total = centavos(item.quantidade * item.valorUnitario);
          return {
            numeroItem: index + 1,
            produtoId: produto.id,
            codigo: produto.codigo,
            descricao: produto.descricao,
            ncm: NCM[item.produto],
            cfop: item.cfop,
            unidade: produto.unidade || 'UN',
            quantidade: item.quantidade,
            valorUnitario: item.valorUnitario,
            valorTotal: total,
            origem: 0,
            cstIcms: '00',
            baseIcms: total,
            aliquotaIcms: item.aliquotaIcms,
            valorIcms: centavos((total * item.aliquotaIcms) / 100),
            ...(item.credito
              ? {
                  cstPis: '50',
                  aliquotaPis: 1.65,
                  valorPis: centavos(total * 0.0165),
                  cstCofins: '50',
                  aliquotaCofins: 7.6,
                  valorCofins: centavos(total * 0.076),
                }
              : {}),
          };
        });
    const soma = (lista: Array<{ valorTotal: number }>) =>
      centavos(lista.reduce((total, item) => total + item.valorTotal, 0));

    // The supplier notes enter a depósito without a later balanço (one would refuse an earlier movement).
    const deposito = await tx.maybeOne<{ id: number }>(
      `SELECT d.id::int AS id FROM deposito d
        WHERE NOT EXISTS (SELECT 1 FROM documento_estoque b WHERE b.deposito_id = d.id AND b.tipo = 'B')
        ORDER BY d.padrao NULLS FIRST, d.id LIMIT 1`,
    );
    // Confirming an entrada writes its contas a pagar: the branch needs a conta financeira.
    if (!(await tx.maybeOne('SELECT 1 FROM conta WHERE ativo LIMIT 1')))
      // Opened a year before: the six months of demo trade settle their titles into it (no movement may
      // precede the saldo inicial).
      await create('conta', {
        descricao: 'Caixa da matriz',
        saldoInicial: 0,
        dataSaldoInicial: `${Number(mes.inicio.slice(0, 4)) - 1}${mes.inicio.slice(4)}`,
      });
    const confirmar = context('notaEntrada').record.entity.document?.transitions.find(
      (transition) => transition.action === 'confirmar',
    ) as DocumentTransition;
    const entrada = async (fornecedor: Row, numero: number, dia: number, lista: ItemDemo[]) => {
      const linhas = itens(lista);
      const total = soma(linhas);
      const nota = await create('notaEntrada', {
        fornecedorId: fornecedor.id,
        chave: chaveFornecedor(String(fornecedor.uf), String(fornecedor.cpfCnpj), numero, mes.dia(dia)),
        numero,
        serie: 1,
        dataEmissao: mes.dia(dia - 1),
        dataEntrada: mes.dia(dia),
        depositoId: deposito?.id ?? null,
        valorProdutos: total,
        valorTotal: total,
        itens: linhas,
      });
      if (deposito)
        await runTransition(context('notaEntrada'), Number(nota.id), confirmar, agora.toISOString());
    };
    await entrada(atacadoMineiro, 48213, 3, [
      {
        produto: 'CAF500',
        quantidade: 60,
        valorUnitario: 13.9,
        cfop: '2102',
        aliquotaIcms: 12,
        credito: true,
      },
      {
        produto: 'ACU1K',
        quantidade: 120,
        valorUnitario: 3.8,
        cfop: '2102',
        aliquotaIcms: 12,
        credito: true,
      },
    ]);
    await entrada(cerealista, 9127, 10, [
      {
        produto: 'ARR5K',
        quantidade: 40,
        valorUnitario: 21.2,
        cfop: '2102',
        aliquotaIcms: 12,
        credito: true,
      },
      {
        produto: 'FEI1K',
        quantidade: 100,
        valorUnitario: 6.7,
        cfop: '2102',
        aliquotaIcms: 12,
        credito: true,
      },
    ]);

    const saida = async (
      destinatario: Row,
      numero: number,
      dia: number,
      lista: ItemDemo[],
      situacao: 1 | 2 = 1,
    ) => {
      const linhas = itens(lista);
      const total = soma(linhas);
      const data = `${mes.dia(dia)}T14:00:00-03:00`;
      await create('notaFiscalSaida', {
        finalidade: 1,
        naturezaOperacaoId: natureza.id,
        destinatarioId: destinatario.id,
        numero,
        serie: 1,
        chave: chaveDemo('55', 1, numero, mes.dia(dia)),
        dataEmissao: data,
        dataSaidaEntrada: data,
        valorProdutos: total,
        valorTotal: total,
        modalidadeFrete: 9,
        situacao,
        protocolo: `135${mes.periodo.slice(2, 4)}${String(numero).padStart(10, '0')}`,
        itens: linhas,
      });
    };
    await saida(emporio, 1287, 6, [
      { produto: 'CAF500', quantidade: 24, valorUnitario: 21.5, cfop: '5102', aliquotaIcms: 18 },
      { produto: 'OLE900', quantidade: 36, valorUnitario: 8.1, cfop: '5102', aliquotaIcms: 18 },
    ]);
    await saida(mercadoCarioca, 1288, 14, [
      { produto: 'ARR5K', quantidade: 20, valorUnitario: 28.9, cfop: '6102', aliquotaIcms: 12 },
      { produto: 'FEI1K', quantidade: 40, valorUnitario: 9.5, cfop: '6102', aliquotaIcms: 12 },
      { produto: 'ACU1K', quantidade: 50, valorUnitario: 5.2, cfop: '6102', aliquotaIcms: 12 },
    ]);
    await saida(
      emporio,
      1289,
      15,
      [{ produto: 'IOG170', quantidade: 10, valorUnitario: 3.1, cfop: '5102', aliquotaIcms: 18 }],
      2,
    );
    await saida(emporio, 1290, 22, [
      { produto: 'CAF500', quantidade: 12, valorUnitario: 21.5, cfop: '5102', aliquotaIcms: 18 },
      { produto: 'ACU1K', quantidade: 60, valorUnitario: 5.3, cfop: '5102', aliquotaIcms: 18 },
    ]);
    const cupomItens = itens([
      { produto: 'CAF500', quantidade: 2, valorUnitario: 22.9, cfop: '5102', aliquotaIcms: 18 },
      { produto: 'OLE900', quantidade: 3, valorUnitario: 8.49, cfop: '5102', aliquotaIcms: 18 },
    ]);
    await create('cupomFiscal', {
      numero: 4871,
      serie: 1,
      chave: chaveDemo('65', 1, 4871, mes.dia(18)),
      dataEmissao: `${mes.dia(18)}T16:30:00-03:00`,
      valorTotal: soma(cupomItens),
      situacao: 1,
      itens: cupomItens,
    });
    await create('inventarioSped', {
      dataInventario: mes.fim,
      motivo: '01',
      observacao: 'Inventário do fim do mês',
    });
    return true;
  });
}

/** A supplier's access key: the IBGE code of its UF, the month of issue, its CNPJ, model 55, série 1. */
export function chaveFornecedor(uf: string, cnpj: string, numero: number, data: string): string {
  const codigoUf = Object.entries(UF_POR_CODIGO_IBGE).find(([, sigla]) => sigla === uf)?.[0] ?? '35';
  const corpo = `${codigoUf}${data.slice(2, 4)}${data.slice(5, 7)}${cnpj}55001${String(numero).padStart(9, '0')}1${String(
    numero * 31,
  )
    .padStart(8, '0')
    .slice(-8)}`;
  return `${corpo}${digitoChaveAcesso(corpo)}`;
}
