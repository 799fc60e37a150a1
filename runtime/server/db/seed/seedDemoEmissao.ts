import { randomBytes } from 'node:crypto';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { certificadoContext } from '../../services/certificados/certificadoContext.ts';
import { upsertCertificado } from '../../services/certificados/certificadoRepository.ts';
import { certificateKey } from '../../services/certificados/certificateKey.ts';
import { gerarCertificadoDemonstracao } from '../../services/certificados/gerarCertificadoDemonstracao.ts';
import { readPkcs12 } from '../../services/certificados/readPkcs12.ts';
import { sealSecret } from '../../services/certificados/sealSecret.ts';
import { updateRecord } from '../../services/records/updateRecord.ts';
import type { Database } from '../database.ts';
import { withDemoRecords } from './demoRecords.ts';

type Row = Record<string, unknown>;

/** Perfil tributário of the demo produtos. */
export const PERFIL_DEMO = 'Revenda de mercadorias';

/**
 * What the demo company needs to preview and build its notes (issue 17), after seedDemoFiscal: the tax rules
 * — CFOP 5102, tributação estadual "Mercadoria tributada" for SP (CST 00, 18 %) and RJ (12 %, the interstate
 * rate), tributação federal (PIS/COFINS não cumulativos 1,65 % / 7,6 %), perfil tributário "Revenda de
 * mercadorias" on every demo produto — e-mails on the two demo clientes, a homologação CSC, and, with a
 * `dataDir` (where the certificate key lives), a self-signed demo A1 on the matriz. All through the records
 * services and the certificate repository, as real data. Once: false when the perfil exists or without the
 * fiscal demo data.
 */
export async function seedDemoEmissao(
  db: Database,
  schemas: SchemaFiles,
  options: { dataDir?: string } = {},
): Promise<boolean> {
  return withDemoRecords(db, schemas, async ({ tx, context, create }) => {
    const configuracao = await tx.maybeOne<{ id: number; natureza: number | null }>(
      'SELECT id::int AS id, natureza_operacao_id::int AS natureza FROM configuracao_nfe ORDER BY id LIMIT 1',
    );
    if (!configuracao) return false;
    if (await tx.maybeOne('SELECT 1 FROM perfil_tributario WHERE descricao = $1', [PERFIL_DEMO]))
      return false;
    const patch = (name: string, id: unknown, body: Row) =>
      updateRecord(context(name), Number(id), body, 'patch');

    const cfop =
      (await tx.maybeOne<Row>("SELECT id FROM cfop WHERE codigo = '5102' ORDER BY id LIMIT 1")) ??
      (await create('cfop', {
        codigo: '5102',
        descricao: 'Venda de mercadoria adquirida ou recebida de terceiros',
      }));
    const estadual = (uf: string, aliquotaIcms: number) =>
      create('tributacaoEstadual', {
        descricao: 'Mercadoria tributada',
        uf,
        cstIcms: '00',
        csosn: '102',
        aliquotaIcms,
        modalidadeBaseCalculoIcms: 3,
      });
    const sp = await estadual('SP', 18);
    await estadual('RJ', 12);
    const federal = await create('tributacaoFederal', {
      descricao: 'PIS/COFINS não cumulativos',
      cstPis: '01',
      aliquotaPis: 1.65,
      cstCofins: '01',
      aliquotaCofins: 7.6,
    });
    const perfil = await create('perfilTributario', {
      descricao: PERFIL_DEMO,
      naturezaOperacaoId: configuracao.natureza,
      cfopId: cfop.id,
      tributacaoEstadualId: sp.id,
      tributacaoFederalId: federal.id,
    });
    for (const produto of await tx.query<{ id: number }>(
      'SELECT id::int AS id FROM produto WHERE perfil_tributario_id IS NULL ORDER BY id',
    ))
      await patch('produto', produto.id, { perfilTributarioId: perfil.id, origem: 0 });
    for (const [cnpj, email] of [
      ['19827364000178', 'compras@emporiopaulistano.com.br'],
      ['23456789000195', 'fiscal@mercadocarioca.com.br'],
    ] as const) {
      const pessoa = await tx.maybeOne<{ id: number }>(
        'SELECT id::int AS id FROM pessoa WHERE cpf_cnpj = $1 AND email IS NULL ORDER BY id LIMIT 1',
        [cnpj],
      );
      if (pessoa) await patch('pessoa', pessoa.id, { email });
    }
    // The CSC of homologação is chosen by the company at its SEFAZ; this one only lets the NFC-e preview build.
    await patch('configuracaoNfe', configuracao.id, {
      cscId: '000001',
      cscToken: 'DEMONSTRACAO-CSC-HOMOLOGACAO-0001',
    });

    if (options.dataDir) {
      const emitente = await tx.maybeOne<{
        nome: string;
        cnpj: string;
        empresa_id: number;
        filial_id: number;
        usuario_id: number;
      }>(
        `SELECT f.nome, COALESCE(f.cpf_cnpj, e.cpf_cnpj) AS cnpj, e.id::int AS empresa_id, f.id::int AS filial_id,
                u.id::int AS usuario_id
           FROM usuario u JOIN filial f ON f.id = u.filial_selecionada_id JOIN empresa e ON e.id = u.empresa_id
          WHERE u.email = 'demo@erp.local'`,
      );
      if (emitente?.cnpj) {
        const senha = randomBytes(12).toString('hex');
        const arquivo = gerarCertificadoDemonstracao(emitente.nome, emitente.cnpj, senha);
        const key = await certificateKey(options.dataDir);
        const scope = {
          empresaId: emitente.empresa_id,
          filialId: emitente.filial_id,
          usuarioId: emitente.usuario_id,
        };
        await upsertCertificado(tx, scope, readPkcs12(arquivo, senha), {
          nomeArquivo: 'certificado-demonstracao.pfx',
          arquivoCifrado: sealSecret(
            arquivo,
            key,
            certificadoContext(scope.empresaId, scope.filialId, 'arquivo'),
          ),
          senhaCifrada: sealSecret(
            Buffer.from(senha, 'utf8'),
            key,
            certificadoContext(scope.empresaId, scope.filialId, 'senha'),
          ),
        });
      }
    }
    return true;
  });
}
