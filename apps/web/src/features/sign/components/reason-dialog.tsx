import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { isEmailAddress } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { type Reason, useReasons } from '../api.ts';

export interface ReasonChoice {
  reasonId?: number;
  comment?: string;
}

export interface Delegate {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The reject and delegate panels (spec §2): a reason from the tenant's list (-49 without one),
 * a comment, and for a delegation who takes the action over.
 */
export function ReasonDialog({
  opened,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  action: 'reject' | 'delegate';
  busy: boolean;
  onClose: () => void;
  onSubmit: (choice: ReasonChoice, delegate: Delegate | null) => void;
}) {
  const { t } = useTranslation();
  const reasons = useReasons();
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [delegate, setDelegate] = useState<Delegate>({ email: '', firstName: '', lastName: '' });
  const offered = (reasons.data ?? []).filter((r: Reason) => r.enabled && r.kind === action);
  const emailOk = action === 'reject' || isEmailAddress(delegate.email);
  const ready = (action === 'delegate' || reasonId !== null) && emailOk;
  return (
    <Modal
      closeButtonProps={closeButtonProps()}
      opened={opened}
      onClose={onClose}
      title={t(`sign.${action}.title`)}
      data-testid={`${action}-dialog`}
    >
      <Stack gap="sm">
        {action === 'delegate' && (
          <>
            <TextInput
              label={t('sign.delegate.email')}
              value={delegate.email}
              onChange={(e) => setDelegate({ ...delegate, email: e.currentTarget.value })}
              error={delegate.email && !emailOk ? t('validation.email') : undefined}
              data-testid="delegate-email"
            />
            <Group grow>
              <TextInput
                label={t('sign.delegate.firstName')}
                value={delegate.firstName}
                onChange={(e) => setDelegate({ ...delegate, firstName: e.currentTarget.value })}
              />
              <TextInput
                label={t('sign.delegate.lastName')}
                value={delegate.lastName}
                onChange={(e) => setDelegate({ ...delegate, lastName: e.currentTarget.value })}
              />
            </Group>
          </>
        )}
        <Select
          label={t('sign.reason')}
          data={offered.map((r) => ({ value: String(r.reasonId), label: r.reason }))}
          value={reasonId}
          onChange={setReasonId}
          clearable={action === 'delegate'}
          data-testid="reason-select"
        />
        <Textarea
          label={t('sign.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
          data-testid="reason-comment"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={action === 'reject' ? 'red' : undefined}
            disabled={!ready}
            loading={busy}
            onClick={() =>
              onSubmit(
                {
                  ...(reasonId ? { reasonId: Number(reasonId) } : {}),
                  ...(comment.trim() ? { comment: comment.trim() } : {}),
                },
                action === 'delegate' ? { ...delegate, email: delegate.email.trim().toLowerCase() } : null,
              )
            }
            data-testid={`${action}-submit`}
          >
            {t(`sign.actions.${action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
