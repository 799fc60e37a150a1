import { problemaInscricaoEstadual } from '../../../core/fiscal/inscricaoEstadual.ts';
import { isValidCpfCnpj } from '../../../core/isValidCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import type { AuthInfo } from '../../context.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { digits } from './formatoArquivo.ts';

/**
 * The establishment a fiscal file is about. The filial table keeps only name and CNPJ; its fiscal
 * registration (IE, address, IBGE city) is the pessoa of type Filial (tipoPessoa 2) with the same CNPJ,
 * falling back to the company's UF and city.
 */
export interface EmitenteFiscal {
  filialId: number;
  nome: string;
  fantasia: string;
  cnpj: string;
  ie: string;
  im: string;
  uf: string;
  codigoMunicipio: number | null;
  municipio: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  telefone: string;
  email: string;
  /**
   * Recolhe o ICMS pelo Simples Nacional: CRT 1 or 4 (MEI) in the branch's NF-e settings, else the company's
   * regime (Simples Nacional or MEI). Excesso de sublimite (CRT 2) pays ICMS by CST, as the regime normal.
   */
  simplesNacional?: boolean;
}

interface EmitenteRow {
  id: number;
  nome: string;
  apelido: string | null;
  cnpj: string | null;
  ie: string | null;
  im: string | null;
  uf: string | null;
  codigo_municipio: number | null;
  municipio: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  telefone: string | null;
  email: string | null;
  crt: number | null;
  regime: number | null;
}

/** The branches the user may file for: every active one for administrators, else those assigned. */
export async function filiaisFiscais(tx: Tx, auth: AuthInfo) {
  return tx.query<{ id: number; nome: string; apelido: string | null; cnpj: string | null }>(
    `SELECT f.id::int AS id, f.nome, f.apelido, COALESCE(f.cpf_cnpj, e.cpf_cnpj) AS cnpj
       FROM filial f JOIN empresa e ON e.id = f.empresa_id
      WHERE f.empresa_id = $1 AND f.ativo
        AND ($3 OR EXISTS (SELECT 1 FROM usuario_filial uf WHERE uf.usuario_id = $2 AND uf.filial_id = f.id))
      ORDER BY f.id`,
    [auth.empresaId, auth.usuarioId, auth.perfilAdmin || auth.isContador],
  );
}

/** 404 unless the user may file for `filialId` (another company's branch is simply not found). */
export async function assertFilialFiscal(tx: Tx, auth: AuthInfo, filialId: number): Promise<void> {
  const filiais = await filiaisFiscais(tx, auth);
  if (!filiais.some((filial) => filial.id === filialId))
    throw new HttpError(
      404,
      'FILIAL_NAO_ENCONTRADA',
      'Filial não encontrada ou sem acesso para este usuário.',
    );
}

/**
 * The branch's fiscal data; 400 when it has no valid inscrição estadual or CNPJ (both files and the NF-e
 * need them). `acao` completes the messages ("… antes de gerar o arquivo").
 */
export async function emitenteFiscal(
  tx: Tx,
  filialId: number,
  acao = 'gerar o arquivo',
): Promise<EmitenteFiscal> {
  const row = await tx.maybeOne<EmitenteRow>(
    `SELECT f.id::int AS id, f.nome, f.apelido, COALESCE(f.cpf_cnpj, e.cpf_cnpj) AS cnpj,
            p.inscricao_estadual AS ie, p.inscricao_municipal AS im, COALESCE(p.uf, e.uf) AS uf,
            COALESCE(p.codigo_municipio, e.codigo_municipio)::int AS codigo_municipio, m.nome AS municipio,
            p.cep, p.logradouro, p.numero, p.complemento, p.bairro, COALESCE(p.telefone, e.telefone) AS telefone, p.email,
            (SELECT c.regime_tributario FROM configuracao_nfe c WHERE c.filial_id = f.id ORDER BY c.id LIMIT 1)::int AS crt,
            e.regime::int AS regime
       FROM filial f
       JOIN empresa e ON e.id = f.empresa_id
       LEFT JOIN LATERAL (
         SELECT * FROM pessoa p
          WHERE p.tipo_pessoa = 2
            AND upper(regexp_replace(p.cpf_cnpj, '[^0-9A-Za-z]', '', 'g'))
              = upper(regexp_replace(COALESCE(f.cpf_cnpj, e.cpf_cnpj, ''), '[^0-9A-Za-z]', '', 'g'))
          ORDER BY p.ativo DESC NULLS LAST, p.id LIMIT 1) p ON true
       LEFT JOIN municipio m ON m.codigo = COALESCE(p.codigo_municipio, e.codigo_municipio)
      WHERE f.id = $1`,
    [filialId],
  );
  if (!row) throw new HttpError(404, 'FILIAL_NAO_ENCONTRADA', 'Filial não encontrada.');
  const ie = (row.ie ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (!ie)
    throw new HttpError(
      400,
      'FILIAL_SEM_IE',
      `A filial ${row.nome} não tem inscrição estadual. Cadastre a pessoa do tipo Filial com o CNPJ ${normalizeCpfCnpj(row.cnpj) || 'da filial'} e a inscrição estadual antes de ${acao}.`,
    );
  if (!isValidCpfCnpj(row.cnpj))
    throw new HttpError(
      400,
      'FILIAL_CNPJ_INVALIDO',
      `O CNPJ ${normalizeCpfCnpj(row.cnpj) || '(vazio)'} da filial ${row.nome} não é válido (dígitos verificadores). Corrija o CNPJ em Configurações › Empresas antes de ${acao}.`,
    );
  const problemaIe = problemaInscricaoEstadual(ie, row.uf);
  if (problemaIe)
    throw new HttpError(
      400,
      'FILIAL_IE_INVALIDA',
      `A inscrição estadual ${ie} da filial ${row.nome} não é válida (${problemaIe}). Corrija a inscrição estadual e a UF da pessoa do tipo Filial com o CNPJ ${normalizeCpfCnpj(row.cnpj) || 'da filial'} antes de ${acao}.`,
    );
  return {
    filialId: row.id,
    nome: row.nome,
    fantasia: row.apelido || row.nome,
    cnpj: normalizeCpfCnpj(row.cnpj),
    ie,
    im: row.im ?? '',
    uf: row.uf ?? '',
    codigoMunicipio: row.codigo_municipio,
    municipio: row.municipio ?? '',
    cep: digits(row.cep),
    logradouro: row.logradouro ?? '',
    numero: row.numero ?? '',
    complemento: row.complemento ?? '',
    bairro: row.bairro ?? '',
    telefone: digits(row.telefone),
    email: row.email ?? '',
    simplesNacional: row.crt !== null ? [1, 4].includes(row.crt) : [1, 5].includes(row.regime ?? 0),
  };
}
