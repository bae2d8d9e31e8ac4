import { Button, Drawer, Group, Paper, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { ActionPanel, type SignAction } from './action-panel.tsx';

type PanelProps = Parameters<typeof ActionPanel>[0];

/**
 * The action panel on a phone (issue 18): a bar under the document, never over it, so the field
 * being filled stays in sight. Its top row walks the signer through the required fields (the
 * next one named, a tap scrolls it into view); below, the step's own action. Everything else
 * the panel offers (message, comment, reject, delegate) is one tap away in a bottom sheet.
 */
export function PhoneActionSheet({
  nextField,
  ...panel
}: PanelProps & {
  /** How the next required field is named ("Signature, page 2, required"), or null when all are filled. */
  nextField: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { requiredTotal, requiredLeft, busy, onAction } = panel;
  const review = panel.acting.step.type === 'REVIEW';
  const done = requiredTotal - requiredLeft;
  const act = (action: SignAction) => {
    setOpen(false);
    onAction(action);
  };
  return (
    <Paper
      component="section"
      aria-label={t('signPhone.sheetTitle')}
      shadow="md"
      px="sm"
      pt={6}
      pb="sm"
      radius={0}
      data-testid="phone-action-sheet"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
    >
      {requiredTotal > 0 && <Progress value={(done / requiredTotal) * 100} size="xs" mb={6} aria-hidden />}
      <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="next-field-bar">
        <div style={{ minWidth: 0 }}>
          {requiredTotal > 0 && (
            <Text size="xs" c="dimmed" data-testid="required-progress">
              {t('sign.requiredProgress', { done, total: requiredTotal })}
            </Text>
          )}
          <Text size="sm" fw={500} truncate="end" aria-live="polite" data-testid="next-field-name">
            {nextField
              ? t('signPhone.nextUp', { field: nextField })
              : t(requiredTotal > 0 ? 'signPhone.allDone' : 'signPhone.nothingToFill')}
          </Text>
        </div>
        {nextField && (
          <Button size="sm" variant="light" onClick={() => act('next')} data-testid="next-field">
            {t('signPhone.next')}
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" mt="xs">
        <Button variant="default" onClick={() => setOpen(true)} disabled={busy} data-testid="phone-more">
          {t('signPhone.more')}
        </Button>
        <Button
          style={{ flex: 1 }}
          onClick={() => act(review ? 'review' : 'sign')}
          loading={busy}
          data-testid={review ? 'action-review' : 'action-sign'}
        >
          {t(review ? 'sign.actions.review' : 'sign.actions.sign')}
        </Button>
      </Group>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="bottom"
        size="auto"
        title={t('signPhone.sheetTitle')}
        closeButtonProps={closeButtonProps()}
        data-testid="phone-sheet"
        styles={{ content: { borderTopLeftRadius: 12, borderTopRightRadius: 12 } }}
      >
        <ActionPanel {...panel} onAction={act} />
      </Drawer>
    </Paper>
  );
}
