import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTenant } from '../../runtime/core/resolveTenant.ts';
import {
  checkScreenOperations,
  openApiOperationIds,
} from '../../runtime/core/screens/checkScreenOperations.ts';
import { conditionHolds, type RuleCondition } from '../../runtime/core/screens/evaluateRule.ts';
import { screenOperationIds } from '../../runtime/core/screens/screenOperationIds.ts';
import { type SchemaFiles, validateSchemaSet } from '../../runtime/core/validateSchemaSet.ts';
import { REPO_ROOT, readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';

/** Screen declarations (schemas/screens): meta-schema, references, operations and tenant patches. */
let files: SchemaFiles;
let operationIds: Set<string>;
const SPED = 'schemas/screens/arquivo-sped.screen.json';

beforeAll(async () => {
  files = (await readSchemaFiles()).files;
  const openapi = JSON.parse(await readFile(join(REPO_ROOT, 'generated', 'openapi.json'), 'utf8'));
  operationIds = openApiOperationIds(openapi);
});

const withFiles = (changes: SchemaFiles): SchemaFiles => ({ ...structuredClone(files), ...changes });
type Declaration = {
  actions: Record<string, Record<string, unknown>>;
  parameters: {
    enums: Record<string, string>;
    schema: { properties: Record<string, Record<string, unknown>> };
  };
  [member: string]: unknown;
};
const sped = () => structuredClone(files[SPED]) as Declaration;

describe('screen declarations as shipped', () => {
  it('exist, and every operationId they name is an operation of generated/openapi.json', () => {
    const screens = Object.keys(files).filter((path) => path.startsWith('schemas/screens/'));
    expect(screens.length).toBeGreaterThan(0);
    expect(screens.flatMap((path) => screenOperationIds(files[path])).length).toBeGreaterThan(screens.length);
    expect(operationIds.size).toBeGreaterThan(100);
    expect(checkScreenOperations(files, operationIds)).toEqual([]);
  });
});

describe('a bad screen declaration names the file, the JSON path and the rule', () => {
  it('an action naming an unknown operationId', () => {
    const bad = sped();
    (bad.actions.previa as Record<string, unknown>).operationId = 'arquivoSpedPrevia';
    expect(checkScreenOperations(withFiles({ [SPED]: bad }), operationIds)).toEqual([
      {
        file: SPED,
        pointer: '/actions/previa/operationId',
        message: 'operação "arquivoSpedPrevia" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });

  it('a tenant patch that renames an operation to an unknown one', () => {
    const patch = 'tenants/verde/overrides/screens/arquivo-sped.screen.json';
    const issues = checkScreenOperations(
      withFiles({ [patch]: { parameters: { options: { filialId: { operationId: 'naoExiste' } } } } }),
      operationIds,
    );
    expect(issues).toEqual([
      {
        file: patch,
        pointer: '/parameters/options/filialId/operationId',
        message: 'operação "naoExiste" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });

  it('an action without its operation and an unknown action type', () => {
    const bad = sped();
    delete bad.actions.previa?.operationId;
    (bad.actions.arquivo as Record<string, unknown>).type = 'imprimir';
    const issues = validateSchemaSet(withFiles({ [SPED]: bad }));
    expect(issues).toContainEqual({
      file: SPED,
      pointer: '/actions/previa',
      message: 'deve ter a propriedade obrigatória operationId (regra: required)',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: SPED,
        pointer: '/actions/arquivo/type',
        message: expect.stringContaining('(regra: enum)'),
      }),
    );
  });

  it('rules: a well-formed one passes, an unknown effect and a scope that is no JSON pointer fail', () => {
    const good = sped() as Declaration & { parameters: Record<string, unknown> };
    const field = Object.keys(good.parameters.schema.properties)[0] as string;
    const condition = { scope: `#/properties/${field}`, schema: { const: 'X' } };
    good.parameters.rules = { [field]: { effect: 'DISABLE', condition } };
    good.parameters.help = [{ text: 'Ajuda.', rule: { effect: 'SHOW', condition } }];
    expect(validateSchemaSet(withFiles({ [SPED]: good }))).toEqual([]);
    const bad = sped() as Declaration & { parameters: Record<string, unknown> };
    bad.parameters.rules = { [field]: { effect: 'ESCONDER', condition: { ...condition, scope: field } } };
    const issues = validateSchemaSet(withFiles({ [SPED]: bad }));
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: SPED,
        pointer: `/parameters/rules/${field}/effect`,
        message: expect.stringContaining('(regra: enum)'),
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: SPED,
        pointer: `/parameters/rules/${field}/condition/scope`,
        message: expect.stringContaining('(regra: pattern)'),
      }),
    );
  });

  it('an unknown kind, and a member a tool does not have', () => {
    const kind = { ...sped(), kind: 'planilha' };
    expect(validateSchemaSet(withFiles({ [SPED]: kind }))).toContainEqual(
      expect.objectContaining({
        file: SPED,
        pointer: '/kind',
        message: expect.stringContaining('regra: enum'),
      }),
    );
    const extra = { ...sped(), botoes: {} };
    expect(validateSchemaSet(withFiles({ [SPED]: extra }))).toContainEqual({
      file: SPED,
      pointer: '/',
      message: 'não são permitidas propriedades adicionais: "botoes" (regra: additionalProperties)',
    });
  });

  it('an enumeration or permission key that does not exist, and a name unlike the file', () => {
    const bad = sped();
    bad.parameters.enums.perfil = 'perfilInexistente';
    bad.permission = 'CHAVE_INEXISTENTE';
    const issues = validateSchemaSet(withFiles({ [SPED]: bad }));
    expect(issues).toContainEqual({
      file: SPED,
      pointer: '/parameters/enums/perfil',
      message: 'enumeração "perfilInexistente" não existe em schemas/enums (regra: enums)',
    });
    expect(issues).toContainEqual({
      file: SPED,
      pointer: '/permission',
      message: 'chave de permissão "CHAVE_INEXISTENTE" não existe em keys.json (regra: permission)',
    });
    const token = sped();
    token.parameters.schema.properties.periodo = {
      type: 'string',
      default: '$mesPassado',
    };
    expect(validateSchemaSet(withFiles({ [SPED]: token }))).toContainEqual({
      file: SPED,
      pointer: '/parameters/schema/properties/periodo/default',
      message:
        'padrão "$mesPassado" desconhecido; use $mesAnterior, $mesAnteriorInicio, $mesAnteriorFim, $mesAtualInicio, $mesAtualFim, $hoje, $hojeMais90 (regra: default)',
    });
    const renamed = { ...sped(), name: 'outro' };
    expect(validateSchemaSet(withFiles({ [SPED]: renamed }))).toContainEqual(
      expect.objectContaining({ file: SPED, pointer: '/name' }),
    );
  });
});

describe('upload screens', () => {
  const RETORNO = 'schemas/screens/atualizar-transacoes.screen.json';
  const retorno = () => structuredClone(files[RETORNO]) as Record<string, Record<string, unknown>>;

  it('the shipped one passes; a file without its size limit, an unknown tone and a bad confirm fail', () => {
    expect(validateSchemaSet(withFiles({}))).toEqual([]);
    const bad = retorno();
    delete bad.file?.maxBytes;
    const grid = (bad.preview as { grid: { columns: Record<string, Record<string, unknown>> } }).grid;
    (grid.columns.boleto as Record<string, unknown>).captions = [{ text: 'x', tone: 'roxo' }];
    (bad.confirm as Record<string, unknown>).level = 'ADMIN';
    const issues = validateSchemaSet(withFiles({ [RETORNO]: bad }));
    expect(issues).toContainEqual({
      file: RETORNO,
      pointer: '/file',
      message: 'deve ter a propriedade obrigatória maxBytes (regra: required)',
    });
    for (const pointer of ['/preview/grid/columns/boleto/captions/0/tone', '/confirm/level'])
      expect(issues).toContainEqual(
        expect.objectContaining({
          file: RETORNO,
          pointer,
          message: expect.stringContaining('(regra: enum)'),
        }),
      );
  });

  it('a preview or confirm naming an unknown operation', () => {
    const bad = retorno();
    (bad.confirm as Record<string, unknown>).operationId = 'boletosRetornoConfirmar';
    expect(checkScreenOperations(withFiles({ [RETORNO]: bad }), operationIds)).toEqual([
      {
        file: RETORNO,
        pointer: '/confirm/operationId',
        message:
          'operação "boletosRetornoConfirmar" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });
});

describe('csv upload screens (Importar arquivo, Importação de dados)', () => {
  const PRODUTOS = 'schemas/screens/importar-arquivo.screen.json';
  const DADOS = 'schemas/screens/importacao-de-dados.screen.json';
  const read = (path: string) => structuredClone(files[path]) as Record<string, Record<string, unknown>>;

  it('a csv file without its csv block, a target without its noun and a file upload without its grid fail', () => {
    const produtos = read(PRODUTOS);
    delete produtos.csv;
    const dados = read(DADOS);
    const target = dados.csv?.target as Record<string, unknown>;
    delete target.noun;
    const retorno = read('schemas/screens/atualizar-transacoes.screen.json');
    delete retorno.preview?.grid;
    const issues = validateSchemaSet(
      withFiles({
        [PRODUTOS]: produtos,
        [DADOS]: dados,
        'schemas/screens/atualizar-transacoes.screen.json': retorno,
      }),
    );
    expect(issues).toContainEqual({
      file: PRODUTOS,
      pointer: '/',
      message: 'deve ter a propriedade obrigatória csv (regra: required)',
    });
    expect(issues).toContainEqual({
      file: DADOS,
      pointer: '/csv/target',
      message: 'deve ter a propriedade obrigatória noun (regra: required)',
    });
    expect(issues).toContainEqual({
      file: 'schemas/screens/atualizar-transacoes.screen.json',
      pointer: '/preview',
      message: 'deve ter a propriedade obrigatória grid (regra: required)',
    });
  });

  it('the fields, target, preview and confirm operations are checked against the API', () => {
    const dados = read(DADOS);
    (dados.csv?.fields as Record<string, unknown>).operationId = 'importacoesColunas';
    expect(checkScreenOperations(withFiles({ [DADOS]: dados }), operationIds)).toEqual([
      {
        file: DADOS,
        pointer: '/csv/fields/operationId',
        message: 'operação "importacoesColunas" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });
});

describe('lookup row actions (the grid meta-schema’s one definition)', () => {
  const NOTIFICACOES = 'schemas/screens/notificacoes.screen.json';
  const notificacoes = () =>
    structuredClone(files[NOTIFICACOES]) as { rowActions: Record<string, unknown>[] };

  it('an unknown operation fails the check, a member a row action does not have fails the meta-schema', () => {
    const bad = notificacoes();
    (bad.rowActions[0] as Record<string, unknown>).action = 'alertasGeraisApagar';
    expect(checkScreenOperations(withFiles({ [NOTIFICACOES]: bad }), operationIds)).toEqual([
      {
        file: NOTIFICACOES,
        pointer: '/rowActions/0/action',
        message: 'operação "alertasGeraisApagar" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
    const extra = notificacoes();
    (extra.rowActions[0] as Record<string, unknown>).pergunta = 'Excluir?';
    expect(validateSchemaSet(withFiles({ [NOTIFICACOES]: extra }))).toContainEqual({
      file: NOTIFICACOES,
      pointer: '/rowActions/0',
      message: 'não são permitidas propriedades adicionais: "pergunta" (regra: additionalProperties)',
    });
  });
});

describe('a lookup’s declared form', () => {
  const PDV = 'schemas/screens/pdv-versoes.screen.json';
  type Form = { form: { edit: Record<string, unknown>; create: Record<string, unknown> } };

  it('an edit naming an unknown operation fails the check; a create without its dialog title fails the meta-schema', () => {
    const bad = structuredClone(files[PDV]) as Form;
    bad.form.edit.operationId = 'pdvVersoesAlterar';
    expect(checkScreenOperations(withFiles({ [PDV]: bad }), operationIds)).toEqual([
      {
        file: PDV,
        pointer: '/form/edit/operationId',
        message: 'operação "pdvVersoesAlterar" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
    const untitled = structuredClone(files[PDV]) as Form;
    delete untitled.form.create.title;
    expect(validateSchemaSet(withFiles({ [PDV]: untitled }))).toContainEqual({
      file: PDV,
      pointer: '/form/create',
      message: 'deve ter a propriedade obrigatória title (regra: required)',
    });
  });
});

describe('a lookup’s inline form (Notificações)', () => {
  const NOTIFICACOES = 'schemas/screens/notificacoes.screen.json';
  type Form = { form: { create: Record<string, unknown>; success: unknown; inline: unknown } };
  const notificacoes = () => structuredClone(files[NOTIFICACOES]) as Form;

  it('a confirmation without its message, a success that is no formula and an inline that is no boolean fail the meta-schema', () => {
    const bad = notificacoes();
    bad.form.create.confirm = { title: 'Enviar notificação', label: 'Enviar' };
    bad.form.success = { texto: 'Enviada.' };
    bad.form.inline = 'sim';
    const issues = validateSchemaSet(withFiles({ [NOTIFICACOES]: bad }));
    expect(issues).toContainEqual({
      file: NOTIFICACOES,
      pointer: '/form/create/confirm',
      message: 'deve ter a propriedade obrigatória message (regra: required)',
    });
    for (const [pointer, rule] of [
      ['/form/success', 'oneOf'],
      ['/form/inline', 'type'],
    ])
      expect(issues).toContainEqual(
        expect.objectContaining({
          file: NOTIFICACOES,
          pointer,
          message: expect.stringContaining(`(regra: ${rule})`),
        }),
      );
  });
});

describe('a lookup’s header actions and typed filters (Exportar dados da empresa)', () => {
  const EXPORTAR = 'schemas/screens/exportar-empresa.screen.json';
  type Exportar = {
    actions: Record<string, unknown>[];
    search: { filters: Record<string, Record<string, unknown>>; refreshOn: unknown[] };
  };
  const exportar = () => structuredClone(files[EXPORTAR]) as Exportar;

  it('an action naming an unknown operation fails the check; a filter with neither options nor input fails the meta-schema', () => {
    const bad = exportar();
    (bad.actions[0] as Record<string, unknown>).operationId = 'empresasExportar';
    expect(checkScreenOperations(withFiles({ [EXPORTAR]: bad }), operationIds)).toEqual([
      {
        file: EXPORTAR,
        pointer: '/actions/0/operationId',
        message: 'operação "empresasExportar" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
    const untyped = exportar();
    delete untyped.search.filters.id?.input;
    untyped.search.refreshOn = ['Exportação'];
    const issues = validateSchemaSet(withFiles({ [EXPORTAR]: untyped }));
    expect(issues).toContainEqual({
      file: EXPORTAR,
      pointer: '/search/filters/id',
      message: 'deve ter a propriedade obrigatória options (regra: required)',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({ file: EXPORTAR, pointer: '/search/refreshOn/0' }),
    );
  });
});

describe('a lookup’s parts, first row and conditional row actions (Financeiro white label)', () => {
  const FINANCEIRO = 'schemas/screens/financeiro-whitelabel.screen.json';
  type Financeiro = {
    rowActions: Record<string, unknown>[];
    parts: Record<string, unknown>[];
    search: { first: Record<string, unknown> };
  };
  const financeiro = () => structuredClone(files[FINANCEIRO]) as Financeiro;

  it('a row action shown by a scope that is no JSON pointer, a part without its table name and a first row without cells fail the meta-schema', () => {
    const bad = financeiro();
    (bad.rowActions[1] as Record<string, unknown>).when = { scope: 'status', schema: { const: 'paga' } };
    delete bad.parts[0]?.gridLabel;
    delete bad.search.first.cells;
    const issues = validateSchemaSet(withFiles({ [FINANCEIRO]: bad }));
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: FINANCEIRO,
        pointer: '/rowActions/1/when/scope',
        message: expect.stringContaining('(regra: pattern)'),
      }),
    );
    expect(issues).toContainEqual({
      file: FINANCEIRO,
      pointer: '/parts/0',
      message: 'deve ter a propriedade obrigatória gridLabel (regra: required)',
    });
    expect(issues).toContainEqual({
      file: FINANCEIRO,
      pointer: '/search/first',
      message: 'deve ter a propriedade obrigatória cells (regra: required)',
    });
  });

  it('a download row action naming an unknown operation fails the check', () => {
    const bad = financeiro();
    (bad.rowActions[0] as Record<string, unknown>).action = 'financeiroWhiteLabelCsv';
    expect(checkScreenOperations(withFiles({ [FINANCEIRO]: bad }), operationIds)).toEqual([
      {
        file: FINANCEIRO,
        pointer: '/rowActions/0/action',
        message:
          'operação "financeiroWhiteLabelCsv" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });
});

describe('a detail lookup on a route with parameters (Sequência de filial)', () => {
  const BUSCA = 'schemas/screens/sequencia-filial.screen.json';
  const DETALHE = 'schemas/screens/sequencia-filial-sequencias.screen.json';
  type Detalhe = { route: string; form: { edit: { retry: Record<string, unknown> } } };

  it('a row action with neither an operation nor a route, a bad route segment and a retry without its confirmation or message fail', () => {
    const busca = structuredClone(files[BUSCA]) as { rowActions: Record<string, unknown>[] };
    delete busca.rowActions[0]?.route;
    const detalhe = structuredClone(files[DETALHE]) as Detalhe;
    detalhe.route = 'administrador/configuracoes/sequencia-filial/{filialId}';
    delete detalhe.form.edit.retry.confirm;
    delete detalhe.form.edit.retry.message;
    const issues = validateSchemaSet(withFiles({ [BUSCA]: busca, [DETALHE]: detalhe }));
    expect(issues).toContainEqual({
      file: BUSCA,
      pointer: '/rowActions/0',
      message: 'deve ter a propriedade obrigatória action (regra: required)',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: DETALHE,
        pointer: '/route',
        message: expect.stringContaining('(regra: pattern)'),
      }),
    );
    expect(issues).toContainEqual({
      file: DETALHE,
      pointer: '/form/edit/retry',
      message: 'deve ter a propriedade obrigatória confirm (regra: required)',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: DETALHE,
        pointer: '/form/edit/retry',
        message: expect.stringContaining('message'),
      }),
    );
  });
});

describe('a status page: a lookup without a list, only parts (Backups)', () => {
  const BACKUPS = 'schemas/screens/backups.screen.json';
  type Backups = { search: Record<string, unknown>; parts: Record<string, Record<string, unknown>>[] };

  it('alerts without their severity, a part that is no table, facts nor alerts and a list without its columns fail the meta-schema', () => {
    const bad = structuredClone(files[BACKUPS]) as Backups;
    delete bad.parts[1]?.alerts?.severity;
    (bad.parts[2] as Record<string, unknown>).items = 'problemas';
    bad.search.items = 'problemas';
    const issues = validateSchemaSet(withFiles({ [BACKUPS]: bad }));
    for (const pointer of ['/parts/1', '/parts/2'])
      expect(issues).toContainEqual(
        expect.objectContaining({
          file: BACKUPS,
          pointer,
          message: expect.stringContaining('(regra: oneOf)'),
        }),
      );
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: BACKUPS,
        pointer: '/search',
        message: expect.stringContaining('gridLabel'),
      }),
    );
  });
});

describe('lookup runtime lists (Planos)', () => {
  const PLANOS = 'schemas/screens/planos.screen.json';
  type Planos = {
    search: { columns: { modulos: { chipList: Record<string, unknown> } } };
    form: { parameters: { lists: Record<string, string> } };
  };

  it('a column or a parameter naming a list the runtime does not have fails the meta-schema', () => {
    const bad = structuredClone(files[PLANOS]) as Planos;
    bad.search.columns.modulos.chipList.list = 'perfis';
    bad.form.parameters.lists.modulos = 'perfis';
    const issues = validateSchemaSet(withFiles({ [PLANOS]: bad }));
    for (const pointer of ['/search/columns/modulos/chipList/list', '/form/parameters/lists/modulos'])
      expect(issues).toContainEqual(
        expect.objectContaining({ file: PLANOS, pointer, message: expect.stringContaining('(regra: enum)') }),
      );
  });
});

describe('tenant patches of a screen declaration', () => {
  it('are merged for that white-label only, and validated by their merged result', () => {
    const patch = 'tenants/verde/overrides/screens/arquivo-sped.screen.json';
    const changed = withFiles({
      [patch]: {
        $schema: '../../../../schemas/_meta/tenant-patch.schema.json',
        title: 'EFD ICMS/IPI',
        actions: { previa: { label: 'Conferir' } },
      },
    });
    expect(validateSchemaSet(changed)).toEqual([]);
    const verde = resolveTenant(changed, 'verde').schemas[SPED] as typeof files;
    const demo = resolveTenant(changed, 'demo').schemas[SPED] as typeof files;
    expect(verde).toMatchObject({ title: 'EFD ICMS/IPI', actions: { previa: { label: 'Conferir' } } });
    expect(demo).toMatchObject({ title: 'Arquivo SPED', actions: { previa: { label: 'Pré-visualizar' } } });

    const broken = withFiles({ [patch]: { actions: { previa: { variant: 'grande' } } } });
    expect(validateSchemaSet(broken)).toContainEqual(
      expect.objectContaining({
        file: patch,
        pointer: '/actions/previa/variant',
        message: expect.stringContaining(`(no resultado da mesclagem com ${SPED})`),
      }),
    );
  });
});

describe('dashboard screens', () => {
  const DASHBOARD = 'schemas/screens/dashboard.screen.json';
  type Blocks = Record<string, Record<string, unknown>>;
  const dashboard = () =>
    structuredClone(files[DASHBOARD]) as { cards: Blocks; charts: Blocks; links?: unknown[] };

  it('a card or chart naming an unknown operation fails the check, not the user’s click', () => {
    const bad = dashboard();
    (bad.cards.vendasMes as Record<string, unknown>).operationId = 'dashboardVendasDoMes';
    (bad.charts.vendasPorDia as Record<string, unknown>).operationId = 'vendasPorDia';
    expect(checkScreenOperations(withFiles({ [DASHBOARD]: bad }), operationIds)).toEqual([
      {
        file: DASHBOARD,
        pointer: '/cards/vendasMes/operationId',
        message: 'operação "dashboardVendasDoMes" não existe em generated/openapi.json (regra: operationId)',
      },
      {
        file: DASHBOARD,
        pointer: '/charts/vendasPorDia/operationId',
        message: 'operação "vendasPorDia" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });

  it('an unknown permission key on a card, a chart or a link', () => {
    const bad = dashboard();
    (bad.cards.estoqueMinimo as Record<string, unknown>).permission = 'ESTOQUE_MINIMO';
    (bad.charts.vendasPorDia as Record<string, unknown>).permission = 'VENDAS';
    bad.links = [
      { label: 'Novo pedido', route: 'pages/vendas/pedido-vendas/cadastrar', permission: 'PEDIDOS' },
    ];
    const issues = validateSchemaSet(withFiles({ [DASHBOARD]: bad }));
    for (const [pointer, key] of [
      ['/cards/estoqueMinimo/permission', 'ESTOQUE_MINIMO'],
      ['/charts/vendasPorDia/permission', 'VENDAS'],
      ['/links/0/permission', 'PEDIDOS'],
    ])
      expect(issues).toContainEqual({
        file: DASHBOARD,
        pointer,
        message: `chave de permissão "${key}" não existe em keys.json (regra: permission)`,
      });
  });

  it('a card’s link to a route that is no entity list, or filtering by a field the entity lacks', () => {
    const bad = dashboard();
    const link = (card: string) => (bad.cards[card] as { link: Record<string, unknown> }).link;
    link('vendasMes').route = 'pages/vendas/pedidos';
    link('receberVencido').where = { situacao: { inq: [0, 2] }, dataVencimeto: { lt: '{hoje}' } };
    const issues = validateSchemaSet(withFiles({ [DASHBOARD]: bad }));
    expect(issues).toContainEqual({
      file: DASHBOARD,
      pointer: '/cards/vendasMes/link/route',
      message: 'rota "pages/vendas/pedidos" não é a lista de uma entidade (regra: link)',
    });
    expect(issues).toContainEqual({
      file: DASHBOARD,
      pointer: '/cards/receberVencido/link/where/dataVencimeto',
      message: 'campo "dataVencimeto" não existe em "receita" (regra: link)',
    });
    expect(issues.filter((issue) => issue.file === DASHBOARD)).toHaveLength(2);
  });

  it('a card without its figure, an unknown format or chart type, a link without its filter label', () => {
    const bad = dashboard();
    delete bad.cards.vendasMes?.value;
    (bad.cards.receberAberto as Record<string, unknown>).format = 'real';
    (bad.charts.vendasPorDia as Record<string, unknown>).type = 'radar';
    delete ((bad.cards.pagarAberto as Record<string, unknown>).link as Record<string, unknown>).filtro;
    const issues = validateSchemaSet(withFiles({ [DASHBOARD]: bad }));
    expect(issues).toContainEqual({
      file: DASHBOARD,
      pointer: '/cards/vendasMes',
      message: 'deve ter a propriedade obrigatória value (regra: required)',
    });
    expect(issues).toContainEqual({
      file: DASHBOARD,
      pointer: '/cards/pagarAberto/link',
      message: 'deve ter a propriedade obrigatória filtro (regra: required)',
    });
    for (const pointer of ['/cards/receberAberto/format', '/charts/vendasPorDia/type'])
      expect(issues).toContainEqual(
        expect.objectContaining({
          file: DASHBOARD,
          pointer,
          message: expect.stringContaining('(regra: enum)'),
        }),
      );
  });
});

describe('a white-label’s dashboard', () => {
  it('drops a card and retitles another by a merge patch, for that white-label only', () => {
    const DASHBOARD = 'schemas/screens/dashboard.screen.json';
    const patch = 'tenants/verde/overrides/screens/dashboard.screen.json';
    const changed = withFiles({
      [patch]: {
        $schema: '../../../../schemas/_meta/tenant-patch.schema.json',
        cards: { estoqueMinimo: null, vendasMes: { title: 'Faturamento do mês' } },
      },
    });
    expect(validateSchemaSet(changed)).toEqual([]);
    type Cards = { cards: Record<string, { title: string }> };
    const verde = resolveTenant(changed, 'verde').schemas[DASHBOARD] as unknown as Cards;
    const demo = resolveTenant(changed, 'demo').schemas[DASHBOARD] as unknown as Cards;
    expect(Object.keys(verde.cards)).not.toContain('estoqueMinimo');
    expect(verde.cards.vendasMes?.title).toBe('Faturamento do mês');
    expect(demo.cards.estoqueMinimo?.title).toBe('Abaixo do estoque mínimo');
    expect(demo.cards.vendasMes?.title).toBe('Vendas do mês');
    const broken = withFiles({ [patch]: { cards: { vendasMes: { format: 'dólar' } } } });
    expect(validateSchemaSet(broken)).toContainEqual(
      expect.objectContaining({ file: patch, pointer: '/cards/vendasMes/format' }),
    );
  });
});

describe('raw uploads (Importação IBPT NCM and CEST)', () => {
  const NCM = 'schemas/screens/ibpt-ncm-importar.screen.json';
  const CEST = 'schemas/screens/ibpt-cest-importar.screen.json';
  const read = (path: string) => structuredClone(files[path]) as Record<string, Record<string, unknown>>;

  it('a raw file with a preview or a csv parse, a bad derive and an unknown enum fail the meta-schema', () => {
    const ncm = read(NCM);
    ncm.preview = { operationId: 'ibptNcmTabelas' };
    (ncm.file as Record<string, unknown>).derive = { uf: { upper: true } };
    const cest = read(CEST);
    (cest.file as Record<string, unknown>).parse = 'csv';
    const issues = validateSchemaSet(withFiles({ [NCM]: ncm, [CEST]: cest }));
    expect(issues).toContainEqual({
      file: NCM,
      pointer: '/file/derive/uf',
      message: 'deve ter a propriedade obrigatória pattern (regra: required)',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({ file: NCM, pointer: '/', message: expect.stringContaining('(regra: not)') }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: CEST, pointer: '/', message: expect.stringContaining('(regra: not)') }),
    );

    const unknownEnum = read(NCM);
    (unknownEnum.parameters as { enums: Record<string, unknown> }).enums.uf = {
      enum: 'ufs',
      exclude: ['EX'],
    };
    expect(validateSchemaSet(withFiles({ [NCM]: unknownEnum }))).toContainEqual({
      file: NCM,
      pointer: '/parameters/enums/uf',
      message: 'enumeração "ufs" não existe em schemas/enums (regra: enums)',
    });
  });

  it('a section that is no lookup section of the route, and a status naming an unknown operation', () => {
    const ncm = read(NCM);
    (ncm.sections as unknown as Array<{ name: string }>)[1] = { name: 'ibpt-cest-busca' };
    expect(validateSchemaSet(withFiles({ [NCM]: ncm }))).toEqual([
      {
        file: NCM,
        pointer: '/sections/1/name',
        message:
          'seção "ibpt-cest-busca" não é uma tela lookup com section: true da rota administrador/configuracoes/importacao-ibpt-ncm (regra: sections)',
      },
    ]);
    const cest = read(CEST);
    (cest.status as Record<string, unknown>).operationId = 'ibptCestSituacao';
    expect(checkScreenOperations(withFiles({ [CEST]: cest }), operationIds)).toEqual([
      {
        file: CEST,
        pointer: '/status/operationId',
        message: 'operação "ibptCestSituacao" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });
});

describe('declared configuration sections (Pesquisa NPS)', () => {
  const CONFIG = 'schemas/screens/nps-config.screen.json';
  const RESULTADOS = 'schemas/screens/nps-resultados.screen.json';
  const read = (path: string) => structuredClone(files[path]) as Record<string, Record<string, unknown>>;

  it('an autoRun naming no action, a load without its operation and an unknown action type fail', () => {
    const resultados = read(RESULTADOS);
    (resultados as Record<string, unknown>).autoRun = 'buscar';
    expect(validateSchemaSet(withFiles({ [RESULTADOS]: resultados }))).toEqual([
      {
        file: RESULTADOS,
        pointer: '/autoRun',
        message: 'ação "buscar" não existe em actions (regra: actions)',
      },
    ]);
    const config = read(CONFIG);
    delete config.load?.operationId;
    (config.actions?.salvar as Record<string, unknown>).type = 'gravar';
    const issues = validateSchemaSet(withFiles({ [CONFIG]: config }));
    expect(issues).toContainEqual({
      file: CONFIG,
      pointer: '/load',
      message: 'deve ter a propriedade obrigatória operationId (regra: required)',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: CONFIG,
        pointer: '/actions/salvar/type',
        message: expect.stringContaining('(regra: enum)'),
      }),
    );
  });

  it('a load naming an unknown operation fails the check, not the screen', () => {
    const config = read(CONFIG);
    (config.load as Record<string, unknown>).operationId = 'npsConfiguracao';
    expect(checkScreenOperations(withFiles({ [CONFIG]: config }), operationIds)).toEqual([
      {
        file: CONFIG,
        pointer: '/load/operationId',
        message: 'operação "npsConfiguracao" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });
});

describe('a tool with the user card and a reset action (Minha conta)', () => {
  const MINHA_CONTA = 'schemas/screens/minha-conta.screen.json';
  type MinhaConta = Declaration & {
    parameters: { checks: Array<{ condition: RuleCondition; message: string }> };
  };
  const read = () => structuredClone(files[MINHA_CONTA]) as MinhaConta;

  it('a userCard or a reset that is no boolean fails the meta-schema', () => {
    const bad = read();
    bad.userCard = 'sim';
    (bad.actions.alterar as Record<string, unknown>).reset = 1;
    const issues = validateSchemaSet(withFiles({ [MINHA_CONTA]: bad }));
    for (const pointer of ['/userCard', '/actions/alterar/reset'])
      expect(issues).toContainEqual(
        expect.objectContaining({
          file: MINHA_CONTA,
          pointer,
          message: expect.stringContaining('(regra: type)'),
        }),
      );
  });

  it('its checks compare the confirmation with the new password ($data)', () => {
    const failing = (values: Record<string, unknown>) =>
      read()
        .parameters.checks.filter((check) => conditionHolds(check.condition, values))
        .map((check) => check.message);
    expect(failing({})).toEqual([
      'Informe a senha atual.',
      'A nova senha deve ter no mínimo 6 caracteres.',
      'A confirmação não confere com a nova senha.',
    ]);
    expect(failing({ senhaAntiga: 'a', senhaNova: '12345', confirmar: '12345' })).toEqual([
      'A nova senha deve ter no mínimo 6 caracteres.',
    ]);
    expect(failing({ senhaAntiga: 'a', senhaNova: '123456', confirmar: '123457' })).toEqual([
      'A confirmação não confere com a nova senha.',
    ]);
    expect(failing({ senhaAntiga: 'a', senhaNova: '123456', confirmar: '123456' })).toEqual([]);
  });
});

describe('a configuration tool with table parameters (Módulos)', () => {
  const MODULOS = 'schemas/screens/modulos-config.screen.json';

  it('a table without its switch label, a help of unknown severity and unknown params fail', () => {
    const modulos = structuredClone(files[MODULOS]) as {
      parameters: {
        tables: Record<string, { switch: Record<string, unknown> }>;
        help: Array<Record<string, unknown>>;
      };
      actions: Record<string, Record<string, unknown>>;
    };
    delete modulos.parameters.tables.modulos?.switch.label;
    (modulos.parameters.help[0] as Record<string, unknown>).severity = 'aviso';
    (modulos.actions.salvar as Record<string, unknown>).refreshesConfig = 'sim';
    const issues = validateSchemaSet(withFiles({ [MODULOS]: modulos }));
    expect(issues).toContainEqual({
      file: MODULOS,
      pointer: '/parameters/tables/modulos/switch',
      message: 'deve ter a propriedade obrigatória label (regra: required)',
    });
    for (const pointer of ['/parameters/help/0/severity', '/actions/salvar/refreshesConfig'])
      expect(issues).toContainEqual(expect.objectContaining({ file: MODULOS, pointer }));
  });
});

describe('a configuration tool with item groups, field validation and undo (Ajuda)', () => {
  const AJUDA = 'schemas/screens/ajuda-config.screen.json';
  type Ajuda = {
    load: Record<string, unknown>;
    parameters: Record<string, unknown> & {
      arrays: Record<string, Record<string, unknown>>;
      schema: { properties: Record<string, Record<string, unknown>> };
    };
    actions: Record<string, Record<string, unknown>>;
  };
  const ajuda = () => structuredClone(files[AJUDA]) as Ajuda;

  it('an item group without its remove label or {n}, an empty undo and a refused that is no text fail', () => {
    const bad = ajuda();
    delete bad.parameters.arrays.links?.remove;
    (bad.parameters.arrays.links as Record<string, unknown>).item = 'Link';
    bad.load.undo = '';
    (bad.actions.salvar as Record<string, unknown>).refused = true;
    bad.parameters.validate = 'sim';
    const issues = validateSchemaSet(withFiles({ [AJUDA]: bad }));
    expect(issues).toContainEqual({
      file: AJUDA,
      pointer: '/parameters/arrays/links',
      message: 'deve ter a propriedade obrigatória remove (regra: required)',
    });
    for (const [pointer, rule] of [
      ['/parameters/arrays/links/item', 'pattern'],
      ['/load/undo', 'minLength'],
      ['/actions/salvar/refused', 'type'],
      ['/parameters/validate', 'type'],
    ])
      expect(issues).toContainEqual(
        expect.objectContaining({
          file: AJUDA,
          pointer,
          message: expect.stringContaining(`(regra: ${rule})`),
        }),
      );
  });

  it('item groups over a parameter that is no list of objects, and lowercasing no text, fail', () => {
    const bad = ajuda();
    bad.parameters.arrays.contato = { item: 'Contato {n}', add: 'Adicionar', remove: 'Remover' };
    bad.parameters.lowercase = ['contato.email', 'contato.fax', 'links'];
    expect(validateSchemaSet(withFiles({ [AJUDA]: bad }))).toEqual([
      {
        file: AJUDA,
        pointer: '/parameters/arrays/contato',
        message: 'parâmetro "contato" não é uma lista de objetos em parameters.schema (regra: arrays)',
      },
      {
        file: AJUDA,
        pointer: '/parameters/lowercase/1',
        message: 'parâmetro "contato.fax" não é um texto em parameters.schema (regra: lowercase)',
      },
      {
        file: AJUDA,
        pointer: '/parameters/lowercase/2',
        message: 'parâmetro "links" não é um texto em parameters.schema (regra: lowercase)',
      },
    ]);
  });

  it('checks in the browser the rules the server checks (the tenant-settings meta-schema)', () => {
    const settings = files['schemas/_meta/tenant-settings.schema.json'] as {
      properties: { ajuda: { properties: Record<string, Record<string, unknown>> } };
    };
    const server = settings.properties.ajuda.properties;
    const browser = ajuda().parameters.schema.properties;
    const rules = (schema: Record<string, unknown> | undefined) =>
      Object.fromEntries(
        Object.entries((schema?.properties ?? {}) as Record<string, Record<string, unknown>>).map(
          ([name, member]) => [name, { maxLength: member.maxLength, pattern: member.pattern }],
        ),
      );
    const items = (schema: Record<string, unknown> | undefined) =>
      schema?.items as Record<string, unknown> | undefined;
    expect(rules(items(browser.links))).toEqual(rules(items(server.links)));
    expect(items(browser.links)?.required).toEqual(items(server.links)?.required);
    expect(browser.links?.maxItems).toBe(server.links?.maxItems);
    expect(rules(browser.contato)).toEqual(rules(server.contato));
  });
});

describe('an upload sent as JSON with a status card (Certificado digital)', () => {
  const CERTIFICADO = 'schemas/screens/certificado-digital.screen.json';
  type Certificado = Record<string, Record<string, unknown>> & {
    status: { card: { fields: Array<Record<string, unknown>>; remove: Record<string, unknown> } };
  };
  const read = () => structuredClone(files[CERTIFICADO]) as Certificado;

  it('a preview beside a json file, a card field without its value and a remove without its label fail', () => {
    const bad = read();
    bad.preview = { operationId: 'certificadosDigitaisFind' };
    delete bad.status.card.fields[0]?.value;
    delete bad.status.card.remove.label;
    const issues = validateSchemaSet(withFiles({ [CERTIFICADO]: bad }));
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: CERTIFICADO,
        pointer: '/',
        message: expect.stringContaining('(regra: not)'),
      }),
    );
    for (const [pointer, member] of [
      ['/status/card/fields/0', 'value'],
      ['/status/card/remove', 'label'],
    ])
      expect(issues).toContainEqual({
        file: CERTIFICADO,
        pointer,
        message: `deve ter a propriedade obrigatória ${member} (regra: required)`,
      });
  });

  it('a remove naming an unknown operation fails the check', () => {
    const bad = read();
    bad.status.card.remove.operationId = 'certificadosDigitaisRemover';
    expect(checkScreenOperations(withFiles({ [CERTIFICADO]: bad }), operationIds)).toEqual([
      {
        file: CERTIFICADO,
        pointer: '/status/card/remove/operationId',
        message:
          'operação "certificadosDigitaisRemover" não existe em generated/openapi.json (regra: operationId)',
      },
    ]);
  });
});
