import { useTranslation } from 'react-i18next';
import { FlowSteps } from '../../../ui/components/flow-steps.tsx';

/** Compose's three stages: documents and people (the form), tags (the editor), send (its check). */
export function ComposeFlowSteps({ active }: { active: number }) {
  const { t } = useTranslation();
  return (
    <FlowSteps
      label={t('compose.flow.label')}
      active={active}
      data-testid="compose-flow"
      steps={[
        { label: t('compose.flow.documents'), description: t('compose.flow.documentsHint') },
        { label: t('compose.flow.tags'), description: t('compose.flow.tagsHint') },
        { label: t('compose.flow.send'), description: t('compose.flow.sendHint') },
      ]}
    />
  );
}
