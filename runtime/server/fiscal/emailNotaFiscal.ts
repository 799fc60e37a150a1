import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { Mailer, MailMessage } from '../mail/createMailer.ts';
import { type EscopoNota, gerarDanfeArmazenado, notaComXml } from './danfe/danfeDaNota.ts';
import { chaveEmGrupos, dataXml, documento, numeroBr, numeroNota, serieNota } from './danfe/danfeTexto.ts';
import { lerNotaParaDanfe } from './danfe/lerNotaParaDanfe.ts';

/** Who gets the note: the destinatário's e-mail and the configuração fiscal's copy address and switch. */
export interface DestinoEmailNota {
  para: string;
  copia: string | null;
  nome: string;
  /** configuracaoNfe.enviarEmailDestinatario: the automatic e-mail on authorisation (a manual resend ignores it). */
  automatico: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses of a note; 422 naming what to fix when the destinatário has no valid e-mail. */
export async function destinoEmailNota(
  db: Database,
  escopo: EscopoNota,
  destinatarioId: number | null,
): Promise<DestinoEmailNota> {
  const row = await db.withTenant(
    escopo,
    async (tx) => ({
      pessoa: destinatarioId
        ? await tx.maybeOne<{ nome: string; email: string | null }>(
            'SELECT nome, email FROM pessoa WHERE id = $1',
            [destinatarioId],
          )
        : undefined,
      configuracao: await tx.maybeOne<{ copia: string | null; automatico: boolean | null }>(
        `SELECT email_copia AS copia, enviar_email_destinatario AS automatico FROM configuracao_nfe
          WHERE filial_id = $1 ORDER BY id LIMIT 1`,
        [escopo.filialId],
      ),
    }),
    { readOnly: true },
  );
  const email = row.pessoa?.email?.trim() ?? '';
  if (!EMAIL.test(email))
    throw new HttpError(
      422,
      'DESTINATARIO_SEM_EMAIL',
      `O destinatário ${row.pessoa?.nome ?? 'da nota'} não tem e-mail válido no cadastro. Informe o e-mail do cliente para enviar a nota.`,
    );
  const copia = row.configuracao?.copia?.trim();
  return {
    para: email,
    copia: copia && EMAIL.test(copia) ? copia : null,
    nome: row.pessoa?.nome ?? '',
    automatico: row.configuracao?.automatico !== false,
  };
}

/** The pt-BR message of a note: subject and body naming emitente, número/série and chave; XML and PDF attached. */
export function mensagemNotaFiscal(xml: string, pdf: Buffer, destino: DestinoEmailNota): MailMessage {
  const nota = lerNotaParaDanfe(xml);
  const tipo = nota.modelo === 65 ? 'NFC-e' : 'NF-e';
  const nomeTipo =
    nota.modelo === 65 ? 'nota fiscal de consumidor eletrônica (NFC-e)' : 'nota fiscal eletrônica (NF-e)';
  const emitente = nota.emitente.nome;
  const linhas = [
    `Olá${destino.nome ? `, ${destino.nome}` : ''}.`,
    '',
    `${emitente} (CNPJ ${documento(nota.emitente.documento)}) enviou a você a ${nomeTipo} nº ${numeroNota(nota.numero)}, série ${serieNota(nota.serie)}, emitida em ${dataXml(nota.dataEmissao)}, no valor de R$ ${numeroBr(nota.totais.vNF)}.`,
    '',
    `Chave de acesso: ${chaveEmGrupos(nota.chave)}`,
    nota.protocolo
      ? `Protocolo de autorização: ${nota.protocolo.numero}`
      : 'Documento sem protocolo de autorização (sem valor fiscal).',
    '',
    'Seguem anexos o arquivo XML da nota — guarde-o: ele é o documento fiscal — e o DANFE em PDF.',
    'A autenticidade pode ser consultada com a chave de acesso no portal da NF-e (www.nfe.fazenda.gov.br/portal) ou no site da Sefaz do emitente.',
    '',
    emitente,
  ];
  return {
    to: destino.para,
    ...(destino.copia ? { cc: destino.copia } : {}),
    subject: `${tipo} nº ${nota.numero}, série ${nota.serie} — ${emitente}`,
    text: linhas.join('\n'),
    attachments: [
      {
        filename: `${nota.chave}-${tipo.toLowerCase()}.xml`,
        content: Buffer.from(xml, 'utf8'),
        contentType: 'application/xml',
      },
      { filename: `${nota.chave}-danfe.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
  };
}

/**
 * Sends the note (its stored XML — the nfeProc once authorised — and its DANFE) to the destinatário through the
 * mailer. `manual` (the resend route) ignores the configuração's "enviar e-mail ao destinatário" switch.
 * Returns the address written to, or null when the automatic send is switched off.
 */
export async function enviarEmailNotaAgora(
  services: { db: Database; mailer: Mailer },
  escopo: EscopoNota,
  notaId: number,
  manual: boolean,
): Promise<string | null> {
  const nota = await notaComXml(services.db, escopo, notaId);
  const destino = await destinoEmailNota(services.db, escopo, nota.destinatarioId);
  if (!manual && !destino.automatico) return null;
  const pdf = await gerarDanfeArmazenado(services.db, escopo, notaId);
  await services.mailer.send(mensagemNotaFiscal(nota.xml, pdf, destino));
  return destino.para;
}
