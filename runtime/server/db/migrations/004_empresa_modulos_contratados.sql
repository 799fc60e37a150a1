-- Add-on modules a company contracted through POST /api/Usuarios/contratarPlano (ids of the white-label's
-- planoModulos settings).
ALTER TABLE empresa ADD COLUMN IF NOT EXISTS modulos_contratados jsonb NOT NULL DEFAULT '[]';
