-- SEFAZ transmissions (issue 17): every request sent to a SEFAZ web service and its answer, kept with the
-- document it is about (a nota fiscal, an inutilização) — the signed XML as sent, the SOAP answer as
-- received, its cStat and xMotivo, or the transport error when there was no answer; for events and
-- inutilizações the processed document (procEventoNFe, procInutNFe) in xml_processado. The row is written
-- BEFORE the request leaves (resposta empty), so a process that dies mid-request leaves a trace, and is
-- completed when the answer arrives. Append-only in practice: rows are only completed, never removed.
--
-- Not an entity (no screen edits it): the routes GET /api/NotasFiscais/{id}/transmissoes read it. No
-- foreign key to nota_fiscal, an entity table the schema sync creates after the migrations; documento_tipo
-- and documento_id name the document. Tenant table: RLS on app.empresa_id like the business tables.
CREATE TABLE IF NOT EXISTS nota_fiscal_transmissao (
  id              bigserial PRIMARY KEY,
  empresa_id      bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id       bigint NOT NULL,
  documento_tipo  character varying(40) NOT NULL,
  documento_id    bigint,
  servico         character varying(40) NOT NULL,
  url             text,
  ambiente        smallint,
  tipo_emissao    smallint,
  chave           character varying(44),
  requisicao      text NOT NULL,
  resposta        text,
  c_stat          integer,
  x_motivo        text,
  protocolo       character varying(20),
  recibo          character varying(20),
  tipo_evento     character varying(6),
  sequencia_evento integer,
  erro            text,
  xml_processado  text,
  usuario_id      bigint,
  criado_em       timestamptz NOT NULL DEFAULT clock_timestamp(),
  respondido_em   timestamptz
);
CREATE INDEX IF NOT EXISTS nota_fiscal_transmissao_documento
  ON nota_fiscal_transmissao (empresa_id, documento_tipo, documento_id, id);

ALTER TABLE nota_fiscal_transmissao ENABLE ROW LEVEL SECURITY;
ALTER TABLE nota_fiscal_transmissao FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS nota_fiscal_transmissao_tenant ON nota_fiscal_transmissao;
CREATE POLICY nota_fiscal_transmissao_tenant ON nota_fiscal_transmissao
  USING (empresa_id = nullif(current_setting('app.empresa_id', true), '')::bigint);
