-- filial and perfil were created by 001_base.sql with text columns, while their entity files declare sizes:
-- every start printed "o campo … pede character varying(n), a coluna é text". Move them to the declared
-- types, but only where every stored value fits, so that no data is ever cut (otherwise the warning stays
-- and names the column to fix by hand).
DO $$
DECLARE
  target record;
  too_long boolean;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES ('filial', 'nome', 120), ('filial', 'apelido', 60), ('filial', 'cpf_cnpj', 18),
                          ('perfil', 'nome', 60)) AS t(tabela, coluna, tamanho)
  LOOP
    IF EXISTS (SELECT 1 FROM information_schema.columns
               WHERE table_schema = 'public' AND table_name = target.tabela AND column_name = target.coluna
                 AND data_type = 'text') THEN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE length(%I) > %s)', target.tabela, target.coluna,
                     target.tamanho) INTO too_long;
      IF NOT too_long THEN
        EXECUTE format('ALTER TABLE %I ALTER COLUMN %I TYPE varchar(%s)', target.tabela, target.coluna,
                       target.tamanho);
      END IF;
    END IF;
  END LOOP;
END $$;
