import { Alert, Badge, Button, Card, Divider, Progress, Stack, Text, Textarea } from '@mantine/core';
import type { EpakDetail, SigningPolicy } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { useSigningPolicyWords } from '../../../app/i18n/signing-policies/signing-policy-words.ts';
import type { Acting } from '../signing-state.ts';

export type SignAction = 'sign' | 'review' | 'reject' | 'quickReject' | 'delegate' | 'next';

/**
 * The recipient's action panel (spec §2 action panels): progress through their required fields,
 * the step's own action (sign under the policy, or review), reject with a reason, quick reject,
 * delegate.
 */
export function ActionPanel({
  detail,
  acting,
  policy,
  requiredTotal,
  requiredLeft,
  busy,
  comment,
  onComment,
  onAction,
}: {
  detail: EpakDetail;
  acting: Acting;
  policy: SigningPolicy;
  requiredTotal: number;
  requiredLeft: number;
  busy: boolean;
  comment: string;
  onComment: (comment: string) => void;
  onAction: (action: SignAction) => void;
}) {
  const { t } = useTranslation();
  useSigningPolicyWords();
  const review = acting.step.type === 'REVIEW';
  const done = requiredTotal - requiredLeft;
  return (
    <Card withBorder data-testid="action-panel">
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t(acting.hosted ? 'sign.hosting' : 'sign.actingAs', { email: acting.recipient.email })}
          </Text>
          <Text fw={600}>{t(`steps.${acting.step.type}`)}</Text>
          {!review && (
            <Badge variant="light" mt={4} tt="none" data-testid="signing-policy" data-policy={policy}>
              {t(`signingPolicies.${policy}`)}
            </Badge>
          )}
        </div>
        {requiredTotal > 0 && (
          <div>
            <Text size="sm" data-testid="required-progress">
              {t('sign.requiredProgress', { done, total: requiredTotal })}
            </Text>
            <Progress value={(done / requiredTotal) * 100} size="sm" mt={4} aria-hidden />
          </div>
        )}
        {requiredLeft > 0 && (
          <Button variant="light" onClick={() => onAction('next')} data-testid="next-required">
            {t('sign.nextField')}
          </Button>
        )}
        {detail.message && (
          <Alert variant="light" title={t('sign.message')} p="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {detail.message}
            </Text>
          </Alert>
        )}
        <Textarea
          label={t('sign.commentToSender')}
          value={comment}
          onChange={(e) => onComment(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={1}
          maxRows={5}
          data-testid="sign-comment"
        />
        <Button
          size="md"
          onClick={() => onAction(review ? 'review' : 'sign')}
          loading={busy}
          data-testid={review ? 'action-review' : 'action-sign'}
        >
          {t(review ? 'sign.actions.review' : 'sign.actions.sign')}
        </Button>
        <Divider />
        <Button
          variant="default"
          color="red"
          onClick={() => onAction('reject')}
          disabled={busy}
          data-testid="action-reject"
        >
          {t('sign.actions.reject')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          onClick={() => onAction('quickReject')}
          disabled={busy}
          data-testid="action-quick-reject"
        >
          {t('sign.actions.quickReject')}
        </Button>
        {detail.can.delegate && !acting.hosted && (
          <Button
            variant="default"
            onClick={() => onAction('delegate')}
            disabled={busy}
            data-testid="action-delegate"
          >
            {t('sign.actions.delegate')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
