-- Payloads the socket.io PostgreSQL adapter cannot put in a NOTIFY (over 8000 bytes, or binary): it stores
-- them here and notifies the row id; every API process (and `npm run worker`) reads them back. Rows older
-- than the adapter's cleanup interval (30 s) are deleted by the adapter itself, through its own pool as the login role, outside any tenant
-- transaction. No RLS: it holds no tenant records, only event envelopes (room names and ids) for a few seconds;
-- grantRoles revokes it from erp_app and erp_system.

CREATE TABLE socket_io_attachments (
  id          bigserial UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  payload     bytea
);
CREATE INDEX socket_io_attachments_created_at ON socket_io_attachments (created_at);
