import { catalogueEntryOf, type Tag } from '@signet/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { confirm, showFailure, toast } from '../../../app/feedback.tsx';
import { readImageFile } from '../../document-view/image-file.ts';
import { attachToTag } from '../api.ts';
import { pickFile } from '../pick-file.ts';
import {
  type Acting,
  autoFillCandidates,
  fillKind,
  missingRequired,
  nextRequired,
  type Values,
} from '../signing-state.ts';

/** A dialog the signing view opens for one of the signer's tags. */
export type TagDialog = { kind: 'picture'; tag: Tag } | { kind: 'stamp'; tag: Tag };

/**
 * The signer's side of the tags: what they filled, which required ones are still empty (and the
 * pointer to the first), and opening a tag — a dialog for pictures and stamps, a file picker for
 * images and attachments. The view owns which document is shown and which dialog is open.
 */
export function useTagFilling({
  ePakId,
  tags,
  acting,
  documentOrder,
  shownDocument,
  showDocument,
  openDialog,
}: {
  ePakId: string;
  tags: Tag[];
  acting: Acting;
  documentOrder: string[];
  shownDocument: string | undefined;
  showDocument: (documentId: string) => void;
  openDialog: (dialog: TagDialog | null) => void;
}) {
  const { t } = useTranslation();
  const config = useTenantConfiguration();
  const user = useCurrentUser();
  const [values, setValues] = useState<Values>({});
  const [attached, setAttached] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  const mine = useMemo(
    () =>
      tags
        .filter((x) => x.recipientId === acting.recipient.id)
        .map((x) => (attached.has(x.uuid) ? { ...x, status: 'done' as const } : x)),
    [tags, acting.recipient.id, attached],
  );
  const mineIds = useMemo(() => new Set(mine.map((x) => x.uuid)), [mine]);
  const missing = missingRequired(mine, values, documentOrder);
  const nextTag = nextRequired(mine, values, documentOrder, focused);
  const requiredTotal = mine.filter(
    (x) => x.required && fillKind(x) !== 'system' && fillKind(x) !== 'fixed',
  ).length;

  const name = `${acting.recipient.firstName} ${acting.recipient.lastName}`.trim() || acting.recipient.email;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

  /** What a tag filled by the server at signing shows beforehand. */
  function previewOf(tag: Tag): string {
    switch (tag.type) {
      case 'signatureText':
        return name;
      case 'email':
      case 'username':
        return acting.recipient.email;
      case 'userUuid':
        return acting.recipient.userId;
      case 'docUuid':
        return tag.documentId;
      default:
        return t('sign.filledWhenSigned');
    }
  }

  /** A tag as the next-field bar names it: its label or type, and its page. */
  function tagName(tag: Tag): string {
    const type = tag.label || t(`tags.types.${catalogueEntryOf(tag)?.id ?? tag.type}`);
    return t('sign.tagLabel', { type, page: tag.pageNumber });
  }

  function goTo(tag: Tag) {
    if (tag.documentId !== shownDocument) showDocument(tag.documentId);
    // After the document switch renders: bring the tag into view and give it the keyboard.
    setTimeout(() => {
      const el = document.querySelector<HTMLElement>(`[data-tag-uuid="${tag.uuid}"]`);
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.focus({ preventScroll: true });
      setFocused(tag.uuid);
    }, 50);
  }

  function setValue(tag: Tag, value: string) {
    setValues((v) => ({ ...v, [tag.uuid]: value }));
    if (invalid.has(tag.uuid)) setInvalid((s) => new Set([...s].filter((x) => x !== tag.uuid)));
  }

  async function applyPicture(tag: Tag, picture: string) {
    openDialog(null);
    const next = { ...values, [tag.uuid]: picture };
    setValue(tag, picture);
    const more = autoFillCandidates(mine, next, tag);
    // Auto-fill asks first when more tags of the same kind are still empty (spec §2).
    if (more.length > 0 && (await confirm(t('sign.autoFill', { count: more.length })))) {
      setValues((v) => ({ ...v, ...Object.fromEntries(more.map((x) => [x.uuid, picture])) }));
    }
  }

  async function openTag(tag: Tag) {
    const kind = fillKind(tag);
    if (kind === 'signature' || kind === 'initials' || kind === 'multiSelect') {
      openDialog({ kind: 'picture', tag });
      return;
    }
    // The rubber stamp needs the tenant's feature flag and the signer's passcode flag (spec §6).
    if (
      kind === 'stamp' &&
      !(config.data?.features.rubberStamp && !acting.hosted && user.data?.passcodeFlag)
    ) {
      toast.error(t('sign.stampNotAllowed'));
      return;
    }
    // The company's stamp, not any picture: one of the stamps shared with the signer.
    if (kind === 'stamp') {
      openDialog({ kind: 'stamp', tag });
      return;
    }
    const file = await pickFile(kind === 'attachment' ? '*/*' : 'image/png,image/jpeg');
    if (!file) return;
    if (kind === 'attachment') {
      try {
        await attachToTag(ePakId, tag.documentId, tag.uuid, file);
        setAttached((s) => new Set([...s, tag.uuid]));
        toast.success(t('sign.attachment.uploaded', { name: file.name }));
      } catch (e) {
        showFailure(t, e);
      }
      return;
    }
    const maxKb = tag.maxUpload ?? 500;
    const read = await readImageFile(file, maxKb);
    if (read.ok) setValue(tag, read.dataUrl);
    else
      toast.error(
        t(read.error === 'type' ? 'viewer.messages.pngOrJpgOnly' : 'viewer.messages.maxSizeExceeded', {
          maxKb,
          maxUploadSize: maxKb,
        }),
      );
  }

  /** Refuses to go on while required tags are empty, and points at the first. */
  function readyToAct(): boolean {
    if (missing.length === 0) return true;
    setInvalid(new Set(missing.map((x) => x.uuid)));
    toast.error(t('sign.fillRequired', { count: missing.length }));
    if (missing[0]) goTo(missing[0]);
    return false;
  }

  /** Brings the next required empty tag after the focused one into view. */
  function goToNext() {
    if (nextTag) goTo(nextTag);
  }

  return {
    mine,
    mineIds,
    values,
    focused,
    invalid,
    missing,
    requiredTotal,
    pointerAt: missing[0]?.uuid ?? null,
    nextTag,
    name,
    initials,
    previewOf,
    tagName,
    setValue,
    setFocused,
    applyPicture,
    openTag,
    readyToAct,
    goToNext,
  };
}

export type TagFilling = ReturnType<typeof useTagFilling>;
