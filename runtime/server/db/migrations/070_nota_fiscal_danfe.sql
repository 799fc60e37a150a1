-- DANFE / DANFCE PDFs of the notas fiscais (issue 17): drawn from the note's stored XML in the job queue
-- (runtime/server/fiscal/danfe/) and kept here, one per note. `impressao` is a SHA-256 of what the PDF was drawn
-- from (the XML, whether the note is cancelled, the logo): a PDF whose impressao no longer matches is drawn again
-- (the nfeProc replaced a preview, the note was cancelled, the white-label changed its logo).
-- nota_fiscal is an entity table created by the schema sync after the migrations, so there is no foreign key to
-- it; the row goes with its company.
CREATE TABLE IF NOT EXISTS nota_fiscal_danfe (
  nota_fiscal_id bigint PRIMARY KEY,
  empresa_id     bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  filial_id      bigint NOT NULL REFERENCES filial (id) ON DELETE CASCADE,
  impressao      character(64) NOT NULL,
  pdf            bytea NOT NULL,
  gerado_em      timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE nota_fiscal_danfe ENABLE ROW LEVEL SECURITY;
ALTER TABLE nota_fiscal_danfe FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS nota_fiscal_danfe_tenant ON nota_fiscal_danfe;
CREATE POLICY nota_fiscal_danfe_tenant ON nota_fiscal_danfe
  USING (empresa_id = nullif(current_setting('app.empresa_id', true), '')::bigint
         AND filial_id = nullif(current_setting('app.filial_id', true), '')::bigint)
  WITH CHECK (empresa_id = nullif(current_setting('app.empresa_id', true), '')::bigint
              AND filial_id = nullif(current_setting('app.filial_id', true), '')::bigint);
