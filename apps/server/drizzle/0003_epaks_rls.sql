-- Tenant isolation for the ePak tables: the same policy as migration 0001, table by table.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'epaks', 'documents', 'document_versions', 'workflow_states', 'recipients', 'tags', 'epak_user_flags',
    'notifications', 'workflow_templates', 'workflow_state_definitions', 'document_templates', 'reasons',
    'letterhead_templates', 'tenant_keys', 'user_certificates', 'pending_signatures', 'document_actions'
  ]
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant())',
      t
    );
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO signet_app', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Document versions are history: once written they are never changed or removed by the app
-- (a signed revision depends on every earlier one).
REVOKE UPDATE, DELETE ON document_versions FROM signet_app;
--> statement-breakpoint
-- A stored notification is published when its transaction commits (NOTIFY is transactional),
-- so every server process's socket hub can relay it to the user's open connections.
CREATE OR REPLACE FUNCTION signet_publish_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('signet_notifications', json_build_object(
    'tenantId', NEW.tenant_id, 'userId', NEW.user_id, 'id', NEW.id, 'type', NEW.type,
    'epakId', NEW.epak_id, 'subject', left(NEW.subject, 300), 'title', left(NEW.title, 300),
    'body', left(NEW.body, 1000), 'createdAt', NEW.created_at)::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_publish AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION signet_publish_notification();
--> statement-breakpoint
-- Adding someone as a recipient (or delegate) must find their account even when they belong to
-- no tenant of the sender yet. Only the fields needed to add them are revealed, and only for an
-- exact address the sender already knows.
CREATE OR REPLACE FUNCTION signet_account_by_email(address text)
  RETURNS TABLE (id uuid, first_name text, last_name text, has_password boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT u.id, u.first_name, u.last_name, u.password_hash IS NOT NULL
    FROM users u WHERE u.email = lower(address)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION signet_account_by_email(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION signet_account_by_email(text) TO signet_app;
