import { Loader, Text } from '@mantine/core';
import type { EpakDetail, Tag } from '@signet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { api } from '../../../app/session/client.ts';
import { useStartEpak } from '../api.ts';
import { recipientName, signerWithoutSignature } from '../compose-rules.ts';
import { type EditorTag, fromStored, toTagInputs } from '../tag-editor-state.ts';
import { ComposeFlowSteps } from './compose-flow-steps.tsx';
import { type EditorRecipient, TagEditorSurface } from './tag-editor-surface.tsx';

function useDraft(ePakId: string) {
  return useQuery({
    queryKey: ['compose', 'draft', ePakId],
    queryFn: async () => {
      const epak = await api.request<EpakDetail>('GET', `/v2/epaks/${ePakId}`);
      const stored = await Promise.all(
        epak.documents.map((d) =>
          api.request<Tag[]>('GET', `/v2/epaks/${ePakId}/documents/${d.id}/signatureblocks`),
        ),
      );
      const tags: Record<string, EditorTag[]> = {};
      epak.documents.forEach((d, i) => {
        tags[d.id] = (stored[i] ?? []).map(fromStored).filter((t): t is EditorTag => t !== null);
      });
      return { epak, tags };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The composer's tag editor for a draft ePak: place the tags, save the draft, send it. */
export function TagEditor({ ePakId }: { ePakId: string }) {
  const { t } = useTranslation();
  const draft = useDraft(ePakId);
  if (draft.isError) return <Text c="red.8">{errorMessage(t, draft.error)}</Text>;
  if (!draft.data) return <Loader aria-label={t('common.loading')} />;
  return <EpakTagEditor key={ePakId} epak={draft.data.epak} initialTags={draft.data.tags} />;
}

function EpakTagEditor({
  epak,
  initialTags,
}: {
  epak: EpakDetail;
  initialTags: Record<string, EditorTag[]>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartEpak();
  const documents = epak.documents.map((d) => ({
    id: d.id,
    name: d.name,
    pages: d.pages,
    path: `/v2/epaks/${epak.ePakId}/documents/${d.id}/download`,
  }));
  const recipients: EditorRecipient[] = useMemo(
    () =>
      epak.steps
        .filter((s) => s.type !== 'EMAIL')
        .flatMap((s) =>
          s.recipients.map((r) => ({
            key: `${s.wfOrderId}:${r.email}`,
            email: r.email,
            wfsOrderId: s.wfOrderId,
            // By name, with their step and email under it (the email alone when they have no name).
            name: recipientName(r),
            detail:
              recipientName(r) === r.email
                ? t('compose.stepNumber', { n: s.wfOrderId })
                : t('compose.tags.recipient', { n: s.wfOrderId, email: r.email }),
          })),
        ),
    [epak.steps, t],
  );

  // Who must sign: the recipients of signing steps (reviewers need no signature).
  const signerKeys = useMemo(
    () =>
      epak.steps
        .filter((s) => s.type === 'SIGN' || s.type === 'INPERSONSIGN')
        .flatMap((s) => s.recipients.map((r) => `${s.wfOrderId}:${r.email}`)),
    [epak.steps],
  );

  async function saveAll(tags: Record<string, EditorTag[]>) {
    for (const d of epak.documents) {
      await api.request('POST', `/v2/epaks/${epak.ePakId}/documents/${d.id}/signatureblocks`, {
        body: { tags: toTagInputs(tags[d.id] ?? []) },
      });
    }
  }

  return (
    <TagEditorSurface
      above={<ComposeFlowSteps active={1} />}
      title={t('compose.tags.title', { subject: epak.subject })}
      documents={documents}
      recipients={recipients}
      signerKeys={signerKeys}
      initialTags={initialTags}
      actions={[
        {
          label: t('compose.saveDraft'),
          testId: 'tags-save',
          run: async (tags) => {
            await saveAll(tags);
            toast.success(t('compose.draftSaved'));
          },
        },
        {
          label: t('compose.send'),
          testId: 'epak-send',
          primary: true,
          run: async (tags, editor) => {
            await saveAll(tags);
            // The server's refusal (-62) cannot say who: the editor knows the signers' names, and
            // takes the custodian to the one without a signature, the signature tag in hand.
            const unsigned = signerWithoutSignature(epak.steps, Object.values(tags).flat());
            if (unsigned) {
              toast.error(t('compose.tags.signerNeedsSignature', { signer: unsigned.name }));
              const who = recipients.find(
                (r) =>
                  r.wfsOrderId === unsigned.wfOrderId &&
                  r.email.toLowerCase() === unsigned.email.toLowerCase(),
              );
              if (who) editor.showRecipient(who.key);
              return;
            }
            await start.mutateAsync(epak.ePakId);
            toast.success(t('compose.sent'));
            void navigate(`/dashboard?ePakId=${epak.ePakId}`);
          },
        },
      ]}
    />
  );
}
