import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { isHandled } from '../../app/session/client.ts';
import { teamroomErrorMessage } from './teamroom-errors.ts';

/**
 * Runs one room action: a success toast with `doneKey`'s words, or the refusal in this screen's
 * words (unless the client already moved the user elsewhere). Answers whether it worked.
 */
export function useRoomAction() {
  const { t } = useTranslation();
  return useCallback(
    async (work: () => Promise<unknown>, doneKey?: string): Promise<boolean> => {
      try {
        await work();
        if (doneKey) toast.success(t(doneKey));
        return true;
      } catch (e) {
        if (!isHandled(e)) toast.error(teamroomErrorMessage(t, e));
        return false;
      }
    },
    [t],
  );
}
