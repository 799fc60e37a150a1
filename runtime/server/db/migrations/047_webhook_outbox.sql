-- Webhook outbox (issue 15): a domain event of an empresa that has webhooks is written here in the same
-- transaction as the change that caused it, so a rolled-back change sends nothing and a committed one is
-- never lost between the commit and the queue. The relay (services/webhooks/webhookOutbox.ts) moves the
-- rows into webhook_entrega deliveries and pg-boss jobs right after the commit and every
-- WEBHOOK_OUTBOX_RELAY_SECONDS, deleting them in the same transaction as it writes the deliveries.
CREATE TABLE IF NOT EXISTS webhook_outbox (
  id         bigserial PRIMARY KEY,
  empresa_id bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE,
  evento     character varying(120) NOT NULL,
  aliases    text[] NOT NULL,
  corpo      text NOT NULL,
  criado_em  timestamptz NOT NULL DEFAULT clock_timestamp()
);
ALTER TABLE webhook_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_outbox FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS webhook_outbox_tenant ON webhook_outbox;
CREATE POLICY webhook_outbox_tenant ON webhook_outbox
  USING (empresa_id = nullif(current_setting('app.empresa_id', true), '')::bigint);
