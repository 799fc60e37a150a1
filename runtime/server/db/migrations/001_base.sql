-- Base model: white-labels, plans, companies, branches, profiles, users, tokens, reference data.
-- Business tables carry empresa_id and have Row Level Security enabled and forced; the app runs
-- every tenant transaction as role erp_app with app.empresa_id set (see db/database.ts).

CREATE TABLE config_white_label (
  id            bigserial PRIMARY KEY,
  id_config     text NOT NULL UNIQUE,
  slug          text UNIQUE,
  base          jsonb NOT NULL DEFAULT '{}',   -- settings from tenants/<slug>/tenant.json (refreshed at start)
  patch         jsonb NOT NULL DEFAULT '{}',   -- changes made through the API (RFC 7396 merge patch over base)
  logo          bytea,
  logo_tipo     text,
  criado_em     timestamptz NOT NULL DEFAULT now(),
  alterado_em   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE plano (
  id                     bigserial PRIMARY KEY,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label ON DELETE CASCADE,
  id_externo             text NOT NULL,
  nome                   text NOT NULL,
  descricao              text NOT NULL DEFAULT '',
  valor                  numeric(12,2) NOT NULL DEFAULT 0,
  dias_trial             integer,
  modulos                jsonb NOT NULL DEFAULT '[]',  -- [{id, visivel}]
  ativo                  boolean NOT NULL DEFAULT true,
  criado_em              timestamptz NOT NULL DEFAULT now(),
  alterado_em            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config_white_label_id, id_externo)
);

CREATE TABLE empresa (
  id                         bigserial PRIMARY KEY,
  config_white_label_id      bigint NOT NULL REFERENCES config_white_label,
  nome                       text NOT NULL,
  cpf_cnpj                   text,
  regime                     integer,
  telefone                   text,
  uf                         text,
  codigo_municipio           integer,
  plano_id                   bigint REFERENCES plano ON DELETE SET NULL,
  contrato_id                text,
  trial                      boolean NOT NULL DEFAULT true,
  bloqueada                  boolean NOT NULL DEFAULT false,
  data_vencimento            date,
  integracoes                jsonb NOT NULL DEFAULT '[]',  -- [{sistema, id}]
  gateway_boleto             jsonb,
  indicante                  jsonb,
  campos_cadastro            jsonb NOT NULL DEFAULT '{}',  -- campo1..campo4
  nao_cadastrar_superlogica  boolean NOT NULL DEFAULT false,
  criado_em                  timestamptz NOT NULL DEFAULT now(),
  alterado_em                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE filial (
  id                 bigserial PRIMARY KEY,
  empresa_id         bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  nome               text NOT NULL,
  apelido            text,
  cpf_cnpj           text,
  ramo_atividade     text,
  contrato_id        text,
  integracoes        jsonb NOT NULL DEFAULT '[]',
  integracao_serasa  boolean NOT NULL DEFAULT false,
  ativo              boolean NOT NULL DEFAULT true,
  criado_em          timestamptz NOT NULL DEFAULT now(),
  alterado_em        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX filial_empresa ON filial (empresa_id);

CREATE TABLE perfil (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  nome         text NOT NULL,
  permissoes   jsonb NOT NULL DEFAULT '{}',  -- permission key -> level 0..4
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (empresa_id, nome)
);

CREATE TABLE usuario (
  id                     bigserial PRIMARY KEY,
  empresa_id             bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  config_white_label_id  bigint NOT NULL REFERENCES config_white_label,
  email                  text NOT NULL CHECK (email = lower(email)),
  nome                   text NOT NULL DEFAULT '',
  senha_hash             text NOT NULL,
  avatar                 text,
  perfil_id              bigint REFERENCES perfil ON DELETE SET NULL,
  perfil_admin           boolean NOT NULL DEFAULT false,
  suporte_white_label    boolean NOT NULL DEFAULT false,
  is_contador            boolean NOT NULL DEFAULT false,
  is_avanco              boolean NOT NULL DEFAULT false,
  master                 boolean NOT NULL DEFAULT false,
  painel_administrativo  boolean NOT NULL DEFAULT false,
  filial_selecionada_id  bigint REFERENCES filial ON DELETE SET NULL,
  favoritos              jsonb NOT NULL DEFAULT '[]',
  dialogos               jsonb NOT NULL DEFAULT '{}',
  ativo                  boolean NOT NULL DEFAULT true,
  primeiro_acesso        boolean NOT NULL DEFAULT true,
  versao                 integer NOT NULL DEFAULT 1,
  criado_em              timestamptz NOT NULL DEFAULT now(),
  alterado_em            timestamptz NOT NULL DEFAULT now(),
  criado_por             bigint,
  alterado_por           bigint,
  UNIQUE (config_white_label_id, email)
);
CREATE INDEX usuario_empresa ON usuario (empresa_id);

-- Which branches a user may select (admins: all of the company's).
CREATE TABLE usuario_filial (
  usuario_id  bigint NOT NULL REFERENCES usuario ON DELETE CASCADE,
  filial_id   bigint NOT NULL REFERENCES filial ON DELETE CASCADE,
  empresa_id  bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  PRIMARY KEY (usuario_id, filial_id)
);

-- Security tables: reached only through the system role (no policy for erp_app).
CREATE TABLE access_token (
  token_hash  bytea PRIMARY KEY,            -- sha256 of the raw token; the raw value is never stored
  usuario_id  bigint NOT NULL REFERENCES usuario ON DELETE CASCADE,
  empresa_id  bigint NOT NULL REFERENCES empresa ON DELETE CASCADE,
  ttl         integer NOT NULL,
  criado_em   timestamptz NOT NULL DEFAULT now(),
  expira_em   timestamptz NOT NULL
);
CREATE INDEX access_token_usuario ON access_token (usuario_id);

CREATE TABLE reset_token (
  token_hash  bytea PRIMARY KEY,
  usuario_id  bigint NOT NULL REFERENCES usuario ON DELETE CASCADE,
  criado_em   timestamptz NOT NULL DEFAULT now(),
  expira_em   timestamptz NOT NULL,
  usado_em    timestamptz
);

CREATE TABLE rate_limit (
  chave          text PRIMARY KEY,
  janela_inicio  timestamptz NOT NULL,
  contagem       integer NOT NULL
);

-- Reference data (global, read-only for the app).
CREATE TABLE uf (
  sigla   text PRIMARY KEY,
  nome    text NOT NULL,
  codigo  integer NOT NULL UNIQUE
);

CREATE TABLE municipio (
  codigo      integer PRIMARY KEY,
  nome        text NOT NULL,
  nome_busca  text NOT NULL,               -- lower case, without accents: accent-insensitive prefix search
  uf          text NOT NULL REFERENCES uf
);
CREATE INDEX municipio_busca ON municipio (nome_busca text_pattern_ops);
CREATE INDEX municipio_uf_busca ON municipio (uf, nome_busca text_pattern_ops);

CREATE TABLE banco (
  codigo      text PRIMARY KEY,             -- COMPE
  ispb        text NOT NULL,
  nome        text NOT NULL,
  nome_curto  text NOT NULL
);

-- Row Level Security on every business table.
ALTER TABLE empresa ENABLE ROW LEVEL SECURITY;
ALTER TABLE empresa FORCE ROW LEVEL SECURITY;
CREATE POLICY empresa_tenant ON empresa
  USING (id = nullif(current_setting('app.empresa_id', true), '')::bigint);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['filial', 'perfil', 'usuario', 'usuario_filial'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (empresa_id = nullif(current_setting(''app.empresa_id'', true), '''')::bigint)',
      t || '_tenant', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['access_token', 'reset_token', 'rate_limit'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
