import { Button, Modal, NumberInput, Group as Row, SimpleGrid, Stack, Text } from '@mantine/core';
import type { IndiaStateCode } from '@signet/contracts';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../app/api.ts';
import { DateInput } from '../../../app/date-input.ts';
import { closeButtonProps, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { useAssignStampPapers, useBulkAssignStampPapers, useBulkRevokeStampPapers } from '../api.ts';
import { stampErrorMessage } from '../stamp-errors.ts';
import { DenominationSelect, StateSelect } from './stamp-selects.tsx';
import { type Targets, TargetsPicker } from './targets-picker.tsx';

const NOBODY: Targets = { users: [], groupIds: [] };
const targetIds = (t: Targets) => ({ userIds: t.users.map((u) => u.id), groupIds: t.groupIds });

/** A dialog's frame: title, hint, its fields, the refusal in words, Cancel and the action. */
function ActionDialog({
  opened,
  title,
  hint,
  testId,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  hint: string;
  testId: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={closeButtonProps()}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack data-testid={testId}>
          <Text size="sm">{hint}</Text>
          {children}
          {error && (
            <Text c="red.8" size="sm" role="alert" data-testid={`${testId}-error`}>
              {error}
            </Text>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}

/** Runs a call, keeping its refusal in words for the dialog; answers whether it worked. */
function useDialogCall() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    setError,
    async run(work: () => Promise<unknown>): Promise<boolean> {
      setError(null);
      try {
        await work();
        return true;
      } catch (e) {
        if (!isHandled(e)) setError(stampErrorMessage(t, e));
        return false;
      }
    },
  };
}

/** Assigns the selected papers to people and groups (`POST /v2/stamppaper/assign`). */
export function AssignDialog({
  stampPaperIds,
  opened,
  onClose,
  onDone,
}: {
  stampPaperIds: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const assign = useAssignStampPapers();
  const call = useDialogCall();
  const [targets, setTargets] = useState<Targets>(NOBODY);

  function close() {
    setTargets(NOBODY);
    call.setError(null);
    onClose();
  }

  async function submit() {
    if (targets.users.length + targets.groupIds.length === 0) {
      call.setError(t('stampPapers.assignDialog.nobody'));
      return;
    }
    let changed = 0;
    const ok = await call.run(async () => {
      changed = (await assign.mutateAsync({ stampPaperIds, ...targetIds(targets) })).stampPaperIds.length;
    });
    if (ok) {
      toast.success(t('stampPapers.assignDialog.done', { count: changed }));
      onDone();
      close();
    }
  }

  return (
    <ActionDialog
      opened={opened}
      title={t('stampPapers.assignDialog.title', { count: stampPaperIds.length })}
      hint={t('stampPapers.assignDialog.hint')}
      testId="stamp-assign"
      submitLabel={t('stampPapers.assignDialog.submit')}
      busy={assign.isPending}
      error={call.error}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <TargetsPicker value={targets} onChange={setTargets} testId="stamp-assign" />
    </ActionDialog>
  );
}

/** Assigns a number of unused, unassigned papers of a denomination (and state) (`…/bulkassign`). */
export function BulkAssignDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkAssignStampPapers();
  const call = useDialogCall();
  const [count, setCount] = useState<number>(1);
  const [stateCode, setStateCode] = useState<string | null>(null);
  const [denomination, setDenomination] = useState<string | null>(null);
  const [targets, setTargets] = useState<Targets>(NOBODY);

  function close() {
    setTargets(NOBODY);
    setCount(1);
    call.setError(null);
    onClose();
  }

  async function submit() {
    if (!denomination || count < 1) {
      call.setError(t('stampPapers.form.required'));
      return;
    }
    if (targets.users.length + targets.groupIds.length === 0) {
      call.setError(t('stampPapers.assignDialog.nobody'));
      return;
    }
    let changed = 0;
    const ok = await call.run(async () => {
      const result = await bulk.mutateAsync({
        count,
        denomination: Number(denomination),
        ...(stateCode ? { stateCode: stateCode as IndiaStateCode } : {}),
        ...targetIds(targets),
      });
      changed = result.stampPaperIds.length;
    });
    if (ok) {
      toast.success(t('stampPapers.bulkAssignDialog.done', { count: changed }));
      close();
    }
  }

  return (
    <ActionDialog
      opened={opened}
      title={t('stampPapers.bulkAssignDialog.title')}
      hint={t('stampPapers.bulkAssignDialog.hint')}
      testId="stamp-bulk-assign"
      submitLabel={t('stampPapers.bulkAssignDialog.submit')}
      busy={bulk.isPending}
      error={call.error}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t('stampPapers.bulkAssignDialog.count')}
          min={1}
          max={1000}
          value={count}
          onChange={(v) => setCount(Number(v) || 0)}
          required
          data-testid="stamp-bulk-assign-count"
        />
        <StateSelect any value={stateCode} onChange={setStateCode} testId="stamp-bulk-assign-state" />
        <DenominationSelect
          value={denomination}
          onChange={setDenomination}
          required
          testId="stamp-bulk-assign-denomination"
        />
      </SimpleGrid>
      <TargetsPicker value={targets} onChange={setTargets} testId="stamp-bulk-assign" />
    </ActionDialog>
  );
}

/** Takes back assignments made in a date range (`…/bulkrevoke`); -209 said in words. */
export function BulkRevokeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const revoke = useBulkRevokeStampPapers();
  const call = useDialogCall();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [stateCode, setStateCode] = useState<string | null>(null);
  const [denomination, setDenomination] = useState<string | null>(null);
  const [targets, setTargets] = useState<Targets>(NOBODY);

  function close() {
    setTargets(NOBODY);
    setFrom(null);
    setTo(null);
    call.setError(null);
    onClose();
  }

  async function submit() {
    let changed = 0;
    // An empty date goes as it is: the server's -209 says what a valid range is.
    const ok = await call.run(async () => {
      const result = await revoke.mutateAsync({
        fromDate: from ? dayjs(from).format('YYYY-MM-DD') : '',
        toDate: to ? dayjs(to).format('YYYY-MM-DD') : '',
        ...(stateCode ? { stateCode: stateCode as IndiaStateCode } : {}),
        ...(denomination ? { denomination: Number(denomination) } : {}),
        ...targetIds(targets),
      });
      changed = result.changed;
    });
    if (ok) {
      toast.success(t('stampPapers.revokeDialog.done', { count: changed }));
      close();
    }
  }

  return (
    <ActionDialog
      opened={opened}
      title={t('stampPapers.revokeDialog.title')}
      hint={t('stampPapers.revokeDialog.hint')}
      testId="stamp-revoke"
      submitLabel={t('stampPapers.revokeDialog.submit')}
      busy={revoke.isPending}
      error={call.error}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput
          label={t('stampPapers.revokeDialog.from')}
          value={from}
          onChange={setFrom}
          clearable
          valueFormat={dateFormat}
          data-testid="stamp-revoke-from"
        />
        <DateInput
          label={t('stampPapers.revokeDialog.to')}
          value={to}
          onChange={setTo}
          clearable
          valueFormat={dateFormat}
          data-testid="stamp-revoke-to"
        />
        <StateSelect any value={stateCode} onChange={setStateCode} testId="stamp-revoke-state" />
        <DenominationSelect
          any
          value={denomination}
          onChange={setDenomination}
          testId="stamp-revoke-denomination"
        />
      </SimpleGrid>
      <TargetsPicker value={targets} onChange={setTargets} testId="stamp-revoke" />
    </ActionDialog>
  );
}
