-- Tax reference tables the platform staff loads (Administrador › Importação IBPT (NCM) / (CEST)):
--  * the IBPT "De Olho no Imposto" table (Lei 12.741/2012), one file per UF, for the "Valor aproximado
--    dos tributos" of invoices and receipts;
--  * the CEST table (Convênio ICMS 142/2018, Anexos II to XXVI), national, linking CEST codes to NCMs.
-- Platform-level data: no empresa_id, read and written only through erp_system (routes/Ibpt); RLS enabled
-- without a policy keeps erp_app out, as in 006.

-- One row per UF loaded: what the file said (versão, vigência, chave, fonte) and who imported it.
CREATE TABLE ibpt_ncm_tabela (
  uf               char(2) PRIMARY KEY CHECK (uf ~ '^[A-Z]{2}$'),
  versao           text NOT NULL,
  vigencia_inicio  date NOT NULL,
  vigencia_fim     date NOT NULL,
  chave            text NOT NULL DEFAULT '',
  fonte            text NOT NULL DEFAULT '',
  arquivo          text NOT NULL DEFAULT '',
  linhas           integer NOT NULL CHECK (linhas >= 0),
  importado_em     timestamptz NOT NULL DEFAULT now(),
  importado_por_id bigint REFERENCES usuario ON DELETE SET NULL,
  importado_por    text NOT NULL DEFAULT ''   -- name (or e-mail) at import time: kept if the user goes away
);

-- The lines of each UF's file; an import deletes the UF's lines and inserts the new ones in one transaction.
CREATE TABLE ibpt_ncm (
  uf                  char(2) NOT NULL REFERENCES ibpt_ncm_tabela ON DELETE CASCADE,
  codigo              text NOT NULL CHECK (codigo ~ '^[0-9]{1,9}$'),
  ex                  text NOT NULL DEFAULT '' CHECK (ex ~ '^[0-9]{0,3}$'),
  tipo                smallint NOT NULL CHECK (tipo IN (0, 1, 2)),  -- 0 NCM, 1 NBS, 2 LC 116
  descricao           text NOT NULL,
  nacional_federal    numeric(7, 4) NOT NULL CHECK (nacional_federal >= 0),
  importados_federal  numeric(7, 4) NOT NULL CHECK (importados_federal >= 0),
  estadual            numeric(7, 4) NOT NULL CHECK (estadual >= 0),
  municipal           numeric(7, 4) NOT NULL CHECK (municipal >= 0),
  vigencia_inicio     date NOT NULL,
  vigencia_fim        date NOT NULL,
  chave               text NOT NULL DEFAULT '',
  versao              text NOT NULL DEFAULT '',
  fonte               text NOT NULL DEFAULT '',
  PRIMARY KEY (uf, tipo, codigo, ex)
);
CREATE INDEX ibpt_ncm_codigo ON ibpt_ncm (codigo text_pattern_ops, uf);

-- The CEST table: one row per (CEST, NCM/SH position); an NCM with fewer than 8 digits covers every NCM that
-- starts with it, as in the Convênio's annexes. An import replaces the whole table.
CREATE TABLE ibpt_cest (
  cest       char(7) NOT NULL CHECK (cest ~ '^[0-9]{7}$'),
  ncm        text NOT NULL CHECK (ncm ~ '^[0-9]{2,8}$'),
  descricao  text NOT NULL,
  segmento   text NOT NULL DEFAULT '',
  item       text NOT NULL DEFAULT '',
  linha      integer NOT NULL,  -- line of the imported file, to list in the file's order
  PRIMARY KEY (cest, ncm)
);
CREATE INDEX ibpt_cest_ncm ON ibpt_cest (ncm);

-- The last CEST import (one row at most).
CREATE TABLE ibpt_cest_importacao (
  id               boolean PRIMARY KEY DEFAULT true CHECK (id),
  arquivo          text NOT NULL DEFAULT '',
  linhas           integer NOT NULL CHECK (linhas >= 0),
  cests            integer NOT NULL CHECK (cests >= 0),
  importado_em     timestamptz NOT NULL DEFAULT now(),
  importado_por_id bigint REFERENCES usuario ON DELETE SET NULL,
  importado_por    text NOT NULL DEFAULT ''
);

ALTER TABLE ibpt_ncm_tabela ENABLE ROW LEVEL SECURITY;
ALTER TABLE ibpt_ncm_tabela FORCE ROW LEVEL SECURITY;
ALTER TABLE ibpt_ncm ENABLE ROW LEVEL SECURITY;
ALTER TABLE ibpt_ncm FORCE ROW LEVEL SECURITY;
ALTER TABLE ibpt_cest ENABLE ROW LEVEL SECURITY;
ALTER TABLE ibpt_cest FORCE ROW LEVEL SECURITY;
ALTER TABLE ibpt_cest_importacao ENABLE ROW LEVEL SECURITY;
ALTER TABLE ibpt_cest_importacao FORCE ROW LEVEL SECURITY;
