import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFiscal } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import {
  validarSintegra,
  validarSped,
} from '../../runtime/server/services/arquivosFiscais/validadorArquivo.ts';
import { compararComGolden } from '../support/golden.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Golden files (issue 22): the SPED and Sintegra of a regime-normal company (the demo company, its fiscal
 * month May 2024 seeded through the services) generated through the API and compared line by line with the
 * committed files in tests/golden. Neither layout carries a generation timestamp, so nothing is normalised
 * but the line ends (the files are ISO-8859-1 with CRLF; the golden copies are UTF-8 with LF, to review).
 * ATUALIZAR_GOLDEN=1 rewrites them after a deliberate change.
 */
let server: TestServer;
let token: string;

const linhasDe = (base64: string) => {
  const texto = Buffer.from(base64, 'base64').toString('latin1');
  expect(texto.endsWith('\r\n')).toBe(true);
  return texto.slice(0, -2).split('\r\n');
};
const post = async (url: string, payload: object) => {
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', authorization: token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const { files } = await readSchemaFiles();
  await seedDemoEstoque(server.db, files);
  expect(await seedDemoFiscal(server.db, files, new Date('2024-06-15T15:00:00Z'))).toBe(true);
});
afterAll(() => server?.close());

describe('golden files of a regime-normal company', () => {
  it('SPED Fiscal of May 2024 (perfil A, inventory, ICMS a recolher) matches and passes the validator', async () => {
    const { conteudo } = await post('/api/ArquivosFiscais/sped/arquivo', {
      periodo: '2024-05',
      finalidade: 0,
      perfil: 'A',
      codigoReceita: '046-2',
      dataVencimentoIcms: '2024-06-20',
      contaEstoque: '1.1.4.01',
    });
    const linhas = linhasDe(conteudo);
    expect(validarSped(linhas)).toEqual([]);
    compararComGolden('sped-regime-normal-2024-05.txt', linhas);
  });

  it('Sintegra of May 2024 (totalidade das operações) matches and passes the validator', async () => {
    const { conteudo } = await post('/api/ArquivosFiscais/sintegra/arquivo', {
      dataInicial: '2024-05-01',
      dataFinal: '2024-05-31',
      finalidade: 1,
      natureza: 3,
    });
    const linhas = linhasDe(conteudo);
    expect(validarSintegra(linhas)).toEqual([]);
    compararComGolden('sintegra-regime-normal-2024-05.txt', linhas);
  });
});
