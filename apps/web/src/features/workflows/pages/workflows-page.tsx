import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { DocumentsTab } from '../components/documents-tab.tsx';
import { LetterheadsTab } from '../components/letterheads-tab.tsx';
import { TemplateTagEditor } from '../components/template-tag-editor.tsx';
import { WorkflowsTab } from '../components/workflows-tab.tsx';
import { useLetterheadWords } from '../i18n/letterhead-words.ts';

/**
 * `/workflows`: workflow templates and document templates; `?docTemplateId=` places a document
 * template's tags. Hidden from a submitter while the tenant restricts workflows (spec §2).
 */
export function WorkflowsPage() {
  const { t } = useTranslation();
  useLetterheadWords();
  const [params, setParams] = useSearchParams();
  const role = useCurrentUser().data?.role;
  const restricted = useTenantConfiguration().data?.features.workflowRestriction ?? false;
  if (role === 'submitter' && restricted) return <Navigate to="/accessdenied?status=forbidden" replace />;
  const docTemplateId = params.get('docTemplateId');
  if (docTemplateId) return <TemplateTagEditor docTemplateId={docTemplateId} />;
  const asked = params.get('tab');
  const tab = asked === 'documents' || asked === 'letterheads' ? asked : 'workflows';
  return (
    <Stack data-testid="page-workflows">
      <PageHeader title={t('workflows.title')} description={t('workflows.description')} />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'documents' || v === 'letterheads' ? { tab: v } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="workflows" data-testid="tab-workflows">
            {t('workflows.tabs.workflows')}
          </Tabs.Tab>
          <Tabs.Tab value="documents" data-testid="tab-documents">
            {t('workflows.tabs.documents')}
          </Tabs.Tab>
          <Tabs.Tab value="letterheads" data-testid="tab-letterheads">
            {t('letterheads.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="workflows" pt="sm">
          <WorkflowsTab />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="sm">
          <DocumentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="letterheads" pt="sm">
          <LetterheadsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
