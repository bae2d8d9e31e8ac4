import { PENDING_INVITE_STATUSES, type Role, type UserRef } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import type { DataTableAction } from '../../../ui/components/data-table.tsx';
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

const DANGER: readonly UserAction[] = ['disable', 'cancelInvitation'];

/**
 * A member's actions for the users table (`DataTable`), each confirmed first with the action's
 * name on the confirm button; `busy` while one runs.
 */
export function useUserRowActions(actorRole: Role): {
  rowActions: (user: UserRef) => DataTableAction[];
  busy: boolean;
} {
  const { t } = useTranslation();
  usePasscodeWords();
  const act = useUserAction();
  const clearPasscode = useClearSigningPasscode();

  async function clearSigningPasscode(user: UserRef, name: string) {
    const sure = await confirm(t('signingPasscode.clearConfirm', { name }), {
      action: t('signingPasscode.clear'),
      danger: true,
    });
    if (!sure) return;
    if (await attempt(t, () => clearPasscode.mutateAsync(user.id)))
      toast.success(t('signingPasscode.cleared'));
  }

  async function run(user: UserRef, name: string, action: UserAction) {
    const sure = await confirm(t(`adminUsers.confirm.${action}`, { name }), {
      action: t(`adminUsers.actions.${action}`),
      danger: DANGER.includes(action),
    });
    if (!sure) return;
    if (await attempt(t, () => act.mutateAsync({ action, userId: user.id })))
      toast.success(t(`adminUsers.done.${action}`));
  }

  const rowActions = (user: UserRef): DataTableAction[] => {
    const actions = actionsFor(user, actorRole);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    // A member's signing passcode (passcodeFlag) may be cleared while they are a member in use.
    const mayClearPasscode = actions.includes('resetPassword');
    return [
      ...actions.map((action) => ({
        key: action,
        label: t(`adminUsers.actions.${action}`),
        color: DANGER.includes(action) ? 'red' : undefined,
        onClick: () => void run(user, name, action),
        'data-testid': `users-action-${action}`,
      })),
      ...(mayClearPasscode
        ? [
            {
              key: 'clearPasscode',
              label: t('signingPasscode.clear'),
              onClick: () => void clearSigningPasscode(user, name),
              'data-testid': 'users-action-clearPasscode',
            },
          ]
        : []),
    ];
  };
  return { rowActions, busy: act.isPending || clearPasscode.isPending };
}
