-- Compras › Entrada de nota fiscal becomes an engine document (notaEntrada: pendente → lancada → cancelada):
-- its situacao holds the state key instead of the old integer code (0 Pendente, 1 Lançada, 2 Cancelada).
-- A fresh database has no nota_entrada yet: the schema sync creates the column as text.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_name = 'nota_entrada' AND column_name = 'situacao' AND data_type = 'integer') THEN
    ALTER TABLE nota_entrada ALTER COLUMN situacao DROP DEFAULT;
    ALTER TABLE nota_entrada ALTER COLUMN situacao TYPE text
      USING CASE situacao WHEN 1 THEN 'lancada' WHEN 2 THEN 'cancelada' ELSE 'pendente' END;
    ALTER TABLE nota_entrada ALTER COLUMN situacao SET DEFAULT 'pendente';
  END IF;
END $$;
