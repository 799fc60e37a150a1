-- API keys (issue 15, Integrações › Chaves de API): the key itself is never stored, only its SHA-256, in a
-- column that no entity field names, so the records API never reads nor writes it. api_key is an entity table
-- (schemas/entities/apiKey): created here with the tenant columns when the schema sync has not run yet; the
-- sync then adds the fields, foreign keys, indexes and the tenant policy as for any entity.
CREATE TABLE IF NOT EXISTS api_key (
  id           bigserial PRIMARY KEY,
  empresa_id   bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  versao       integer NOT NULL DEFAULT 1,
  criado_em    timestamptz NOT NULL DEFAULT now(),
  alterado_em  timestamptz NOT NULL DEFAULT now(),
  criado_por   bigint,
  alterado_por bigint
);
ALTER TABLE api_key ADD COLUMN IF NOT EXISTS chave_hash bytea;
CREATE UNIQUE INDEX IF NOT EXISTS api_key_chave_hash ON api_key (chave_hash);
