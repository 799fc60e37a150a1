-- A perfil held by users cannot be deleted (README "Segurança"): SET NULL left those users without a
-- permission map. NO ACTION (checked at the end of the statement) rather than RESTRICT, so deleting a
-- whole empresa still cascades to its perfis and usuarios together.
ALTER TABLE usuario DROP CONSTRAINT IF EXISTS usuario_perfil_id_fkey;
ALTER TABLE usuario ADD CONSTRAINT usuario_perfil_id_fkey FOREIGN KEY (perfil_id) REFERENCES perfil (id);
