import type { SchemaFiles } from '../../core/validateSchemaSet.ts';
import { TenantRegistry } from '../services/tenantRegistry.ts';
import { createDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from './seed/seedDemo.ts';
import { seedDemoComercial } from './seed/seedDemoComercial.ts';
import { seedDemoEmissao } from './seed/seedDemoEmissao.ts';
import { seedDemoEstoque } from './seed/seedDemoEstoque.ts';
import { seedDemoFinanceiro } from './seed/seedDemoFinanceiro.ts';
import { seedDemoFiscal } from './seed/seedDemoFiscal.ts';
import { seedDemoPdv } from './seed/seedDemoPdv.ts';
import { seedReference } from './seed/seedReference.ts';
import { syncEntities } from './syncEntities.ts';

/**
 * Brings the database at `url` to what `npm start` serves: migrations, entity tables, reference data, the
 * white-labels and, unless `demo` is false, the demo companies and their stock (posted through documents).
 * Idempotent. Returns the pool and the tenant registry it opened (the caller closes the pool).
 */
export async function prepareDatabase(
  url: string,
  files: SchemaFiles,
  options: {
    demo?: boolean;
    log?: (message: string) => void;
    max?: number;
    /** Where the certificate key lives: with it the demo matriz gets its demo A1 (seedDemoEmissao). */
    dataDir?: string;
  } = {},
): Promise<{ db: Database; tenants: TenantRegistry }> {
  const log = options.log ?? (() => {});
  await migrate(url, log);
  await syncEntities(url, files, log);
  const db = createDatabase(url, options.max === undefined ? {} : { max: options.max });
  await seedReference(db, files['schemas/enums/uf.enum.json']);
  const tenants = new TenantRegistry(db, files);
  await tenants.sync();
  if (options.demo !== false) {
    if (await seedDemo(db, tenants)) log('dados de demonstração criados');
    // Demo stock is posted through the documents (ledger and balances), once.
    if (await seedDemoEstoque(db, files)) log('estoque de demonstração lançado (documentos efetivados)');
    // Fiscal documents of the last closed month, so SPED and Sintegra come out clean right away.
    if (await seedDemoFiscal(db, files)) log('notas fiscais de demonstração do último mês fechado lançadas');
    // Its tax rules (perfil tributário on the produtos) and a demo A1: a demo note previews and builds its XML.
    if (await seedDemoEmissao(db, files, { dataDir: options.dataDir }))
      log('tributação, perfil tributário e certificado de demonstração da emissão de notas cadastrados');
    // A PDV with its operator and payment methods: the Frente de caixa sells right away.
    if (await seedDemoPdv(db, files)) log('PDV, operador e formas de pagamento de demonstração cadastrados');
    // Six months of purchases, sales, returns and commissions, through the same services as the API.
    if (await seedDemoComercial(db, files))
      log('compras e vendas de demonstração dos últimos seis meses lançadas');
    // Six months of the company's own finance (accounts, rent, salaries, taxes, baixas, transfers) on top.
    if (await seedDemoFinanceiro(db, files))
      log(
        'financeiro de demonstração dos últimos seis meses lançado (contas, títulos, baixas, transferências)',
      );
  }
  return { db, tenants };
}
