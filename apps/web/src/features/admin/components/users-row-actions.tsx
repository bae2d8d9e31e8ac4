import { ActionIcon, Menu } from '@mantine/core';
import { PENDING_INVITE_STATUSES, type Role, type UserRef } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { usePasscodeWords } from '../../profile/i18n/passcode-words.ts';
import { useClearSigningPasscode } from '../signing-passcode-api.ts';
import { type UserAction, useUserAction } from '../users-api.ts';

/**
 * What an admin may do with a member in a given status (spec §4 statuses). Only the owner (`root`)
 * may disable or enable the owner, as the server rules.
 */
export function actionsFor(user: Pick<UserRef, 'status' | 'role'>, actorRole: Role = 'admin'): UserAction[] {
  const mayToggle = user.role !== 'root' || actorRole === 'root';
  if (PENDING_INVITE_STATUSES.includes(user.status)) return ['cancelInvitation'];
  if (user.status === 'disabled') return mayToggle ? ['enable'] : [];
  if (user.status === 'enabled' || user.status === 'expired' || user.status === 'resetpassword') {
    const makeAdmin: UserAction[] = user.role === 'admin' || user.role === 'root' ? [] : ['makeAdmin'];
    return ['resetPassword', ...makeAdmin, ...(mayToggle ? (['disable'] as const) : [])];
  }
  return [];
}

/** The menu of one member's actions, each confirmed first. */
export function UserRowActions({ user, actorRole }: { user: UserRef; actorRole: Role }) {
  const { t } = useTranslation();
  usePasscodeWords();
  const act = useUserAction();
  const clearPasscode = useClearSigningPasscode();
  const actions = actionsFor(user, actorRole);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  // A member's signing passcode (passcodeFlag) may be cleared while they are a member in use.
  const mayClearPasscode = actions.includes('resetPassword');
  if (actions.length === 0) return null;

  async function clearSigningPasscode() {
    if (!(await confirm(t('signingPasscode.clearConfirm', { name })))) return;
    if (await attempt(t, () => clearPasscode.mutateAsync(user.id)))
      toast.success(t('signingPasscode.cleared'));
  }

  async function run(action: UserAction) {
    if (!(await confirm(t(`adminUsers.confirm.${action}`, { name })))) return;
    if (await attempt(t, () => act.mutateAsync({ action, userId: user.id })))
      toast.success(t(`adminUsers.done.${action}`));
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('adminUsers.actionsOf', { name })}
          data-testid="users-row-actions"
          loading={act.isPending || clearPasscode.isPending}
        >
          <span aria-hidden>⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'disable' || action === 'cancelInvitation' ? 'red' : undefined}
            onClick={() => void run(action)}
            data-testid={`users-action-${action}`}
          >
            {t(`adminUsers.actions.${action}`)}
          </Menu.Item>
        ))}
        {mayClearPasscode && (
          <Menu.Item onClick={() => void clearSigningPasscode()} data-testid="users-action-clearPasscode">
            {t('signingPasscode.clear')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
