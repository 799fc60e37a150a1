-- Administrator area (spec 001 §2.5): Sequência de filial, Financeiro white label and Pesquisa NPS.
-- Platform-level data: read and written only through erp_system by routes/SequenciasFilial,
-- routes/FinanceiroWhiteLabel and routes/Nps (every query scoped by white-label or branch in the route);
-- RLS enabled and forced without a policy keeps erp_app out, as for pdv_versao.

-- Numbering of a branch's fiscal documents that configuracaoNfe does not hold: configuracaoNfe keeps one
-- série/próximo número of NF-e and NFC-e, for the ambiente the branch issues in; the other ambiente and
-- the NFS-e live here (documento NFE = modelo 55, NFCE = modelo 65, NFSE = nota de serviço).
CREATE TABLE sequencia_documento_filial (
  id              bigserial PRIMARY KEY,
  filial_id       bigint NOT NULL REFERENCES filial ON DELETE CASCADE,
  empresa_id      bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  documento       text NOT NULL CHECK (documento IN ('NFE', 'NFCE', 'NFSE')),
  ambiente        smallint NOT NULL CHECK (ambiente IN (1, 2)),
  serie           integer NOT NULL CHECK (serie BETWEEN 0 AND 999),
  proximo_numero  bigint NOT NULL CHECK (proximo_numero BETWEEN 1 AND 999999999),
  alterado_em     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (filial_id, documento, ambiente)
);

-- Every change made in Sequência de filial: who, when, old → new.
CREATE TABLE sequencia_documento_historico (
  id                      bigserial PRIMARY KEY,
  filial_id               bigint NOT NULL REFERENCES filial ON DELETE CASCADE,
  empresa_id              bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  documento               text NOT NULL,
  ambiente                smallint NOT NULL,
  serie_anterior          integer NOT NULL,
  serie_nova              integer NOT NULL,
  proximo_numero_anterior bigint NOT NULL,
  proximo_numero_novo     bigint NOT NULL,
  reducao_confirmada      boolean NOT NULL DEFAULT false,  -- set below the highest number used, after the warning
  usuario_id              bigint REFERENCES usuario ON DELETE SET NULL,
  usuario_nome            text NOT NULL,                   -- kept: the user may be deleted later
  criado_em               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sequencia_documento_historico_filial ON sequencia_documento_historico (filial_id, criado_em DESC, id DESC);

-- What the platform charges a white-label for one month (competência), with one line per company
-- billed, frozen when generated from the subscriptions in force at that moment.
CREATE TABLE fatura_white_label (
  id                     bigserial PRIMARY KEY,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label ON DELETE CASCADE,
  competencia            date NOT NULL CHECK (extract(day FROM competencia) = 1),
  vencimento             date NOT NULL,
  valor                  numeric(14,2) NOT NULL CHECK (valor >= 0),
  paga_em                timestamptz,
  gerada_por             bigint REFERENCES usuario ON DELETE SET NULL,
  criado_em              timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config_white_label_id, competencia)
);

CREATE TABLE fatura_white_label_linha (
  id            bigserial PRIMARY KEY,
  fatura_id     bigint NOT NULL REFERENCES fatura_white_label ON DELETE CASCADE,
  empresa_id    bigint REFERENCES empresa ON DELETE SET NULL,
  empresa_nome  text NOT NULL,
  cpf_cnpj      text,
  plano_nome    text NOT NULL,
  valor_plano   numeric(12,2) NOT NULL,
  modulos       jsonb NOT NULL DEFAULT '[]',   -- [{id, nome, valor}] add-ons contracted
  valor         numeric(12,2) NOT NULL
);
CREATE INDEX fatura_white_label_linha_fatura ON fatura_white_label_linha (fatura_id);

-- Net Promoter Score survey of a white-label; no row = inactive with the default question.
CREATE TABLE nps_config (
  config_white_label_id  bigint PRIMARY KEY REFERENCES config_white_label ON DELETE CASCADE,
  ativa                  boolean NOT NULL DEFAULT false,
  pergunta               text NOT NULL CHECK (length(pergunta) BETWEEN 10 AND 300),
  intervalo_dias         integer NOT NULL DEFAULT 90 CHECK (intervalo_dias BETWEEN 1 AND 3650),
  alterado_em            timestamptz NOT NULL DEFAULT now()
);

-- An answer (nota 0–10) or a dismissal (nota NULL) of the survey by a user.
CREATE TABLE nps_resposta (
  id                     bigserial PRIMARY KEY,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label ON DELETE CASCADE,
  empresa_id             bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  usuario_id             bigint NOT NULL REFERENCES usuario ON DELETE CASCADE,
  nota                   smallint CHECK (nota BETWEEN 0 AND 10),
  comentario             text NOT NULL DEFAULT '' CHECK (length(comentario) <= 2000),
  criado_em              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX nps_resposta_config_data ON nps_resposta (config_white_label_id, criado_em DESC);
CREATE INDEX nps_resposta_usuario ON nps_resposta (usuario_id, criado_em DESC);

ALTER TABLE sequencia_documento_filial ENABLE ROW LEVEL SECURITY;
ALTER TABLE sequencia_documento_filial FORCE ROW LEVEL SECURITY;
ALTER TABLE sequencia_documento_historico ENABLE ROW LEVEL SECURITY;
ALTER TABLE sequencia_documento_historico FORCE ROW LEVEL SECURITY;
ALTER TABLE fatura_white_label ENABLE ROW LEVEL SECURITY;
ALTER TABLE fatura_white_label FORCE ROW LEVEL SECURITY;
ALTER TABLE fatura_white_label_linha ENABLE ROW LEVEL SECURITY;
ALTER TABLE fatura_white_label_linha FORCE ROW LEVEL SECURITY;
ALTER TABLE nps_config ENABLE ROW LEVEL SECURITY;
ALTER TABLE nps_config FORCE ROW LEVEL SECURITY;
ALTER TABLE nps_resposta ENABLE ROW LEVEL SECURITY;
ALTER TABLE nps_resposta FORCE ROW LEVEL SECURITY;
