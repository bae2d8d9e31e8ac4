import { catalogueEntryOf, type Tag } from '@signet/contracts';
import { type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageValue } from '../../document-view/image-value.ts';
import type { PageGeometry } from '../../document-view/pdf-pages.tsx';
import { TagBox } from '../../document-view/tag-box.tsx';
import { recipientTint } from '../../document-view/tag-colours.ts';
import { fillKind, isFilled, type Values } from '../signing-state.ts';

export interface SignTagHandlers {
  /** Signature, initials, image, stamp, attachment and multi-select tags open a dialog or a picker. */
  onOpen: (tag: Tag) => void;
  /** Typed values (text, dates, single selects) change in place. */
  onValue: (tag: Tag, value: string) => void;
  onFocus: (tag: Tag) => void;
}

const RubberStampImage = lazy(() => import('./rubber-stamp-image.tsx'));

const fieldStyle: CSSProperties = {
  width: '100%',
  height: '100%',
  border: 'none',
  background: 'transparent',
  font: 'inherit',
  padding: '0 2px',
  outline: 'none',
};

const imageStyle: CSSProperties = { width: '100%', height: '100%', objectFit: 'contain' };

/** What a tag shows before and after it is filled. */
function TagContent({ tag, value, preview }: { tag: Tag; value: string | undefined; preview: string }) {
  const { t } = useTranslation();
  const kind = fillKind(tag);
  // A picture is drawn whatever the tag's kind: a finished tag of another signer comes back
  // read-only ('fixed') with its signature as its value.
  if (isImageValue(value)) return <img src={value} alt="" style={imageStyle} />;
  // A rubber stamp's value names the stamp (`rubberstamp:<id>`): it shows that stamp's image.
  if (kind === 'stamp' && value)
    return (
      <Suspense fallback={null}>
        <RubberStampImage value={value} />
      </Suspense>
    );
  if ((kind === 'signature' || kind === 'initials' || kind === 'image') && value) {
    return <img src={value} alt="" style={imageStyle} />;
  }
  if (kind === 'attachment') {
    const title = tag.status === 'done' || value ? t('sign.attachment.done') : t('sign.attachment.notDone');
    // A not-done attachment shows its value as a placeholder (spec §4).
    return <span>{tag.status === 'done' ? title : tag.label || title}</span>;
  }
  if (kind === 'system') return <span style={{ opacity: 0.8 }}>{preview}</span>;
  if (kind === 'fixed')
    return <span>{tag.type === 'qrcode' ? t('tags.types.qrcode') : (tag.value ?? '')}</span>;
  if (kind === 'multiSelect' && value) {
    try {
      return <span>{(JSON.parse(value) as string[]).join(', ')}</span>;
    } catch {
      return <span>{value}</span>;
    }
  }
  const entry = catalogueEntryOf(tag);
  return <span style={{ opacity: 0.75 }}>{tag.label || t(`tags.types.${entry?.id ?? tag.type}`)}</span>;
}

/**
 * One page's tags in the signing view. The signer's own are highlighted by state (spec §9 tag
 * colours: selected, configured, remaining, invalid); everyone else's are layered underneath and
 * cannot be selected. The next required tag carries a pointer, which stays when focus leaves it.
 */
export function SignTagLayer({
  page,
  tags,
  mineIds,
  values,
  zoom,
  focused,
  pointerAt,
  invalid,
  previewOf,
  handlers,
  phone = false,
}: {
  page: PageGeometry;
  tags: readonly Tag[];
  mineIds: ReadonlySet<string>;
  values: Values;
  zoom: number;
  focused: string | null;
  /** The tag the "next required" pointer shows. */
  pointerAt: string | null;
  invalid: ReadonlySet<string>;
  previewOf: (tag: Tag) => string;
  handlers: SignTagHandlers;
  /** On a phone the pointer sits above the tag (there is no margin beside the page) and a finger on a tag still scrolls. */
  phone?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div style={{ position: 'absolute', inset: 0 }} data-testid={`sign-page-${page.pageNumber}`}>
      {tags.map((tag) => {
        const mine = mineIds.has(tag.uuid);
        const kind = fillKind(tag);
        const value = values[tag.uuid] ?? tag.value ?? undefined;
        const filled = isFilled(tag, values);
        const state = !mine
          ? 'configured'
          : invalid.has(tag.uuid)
            ? 'invalid'
            : focused === tag.uuid
              ? 'selected'
              : filled
                ? 'configured'
                : 'remaining';
        const name = t(`tags.types.${catalogueEntryOf(tag)?.id ?? tag.type}`);
        const label = t(tag.required ? 'sign.tagLabelRequired' : 'sign.tagLabel', {
          type: tag.label || name,
          page: tag.pageNumber,
        });
        const opens = ['signature', 'initials', 'image', 'stamp', 'attachment', 'multiSelect'].includes(kind);
        const common = {
          'aria-label': label,
          onFocus: () => handlers.onFocus(tag),
          'data-tag-uuid': tag.uuid,
        };
        // Form fields say required and invalid themselves; a button says it in its label.
        const field = { ...common, 'aria-required': tag.required, 'aria-invalid': invalid.has(tag.uuid) };
        const placeholder = tag.label || name;
        let body: ReactNode = <TagContent tag={tag} value={value} preview={previewOf(tag)} />;
        // Another signer's finished tag is on the page already, drawn into the PDF as they signed
        // it (with their name and time): drawing its value again laid a second, different
        // picture over theirs (issue 31). Its frame stays, so it still reads as someone's field.
        if (!mine && tag.status === 'done') body = null;
        if (mine && kind === 'text')
          body = (
            <input
              {...field}
              placeholder={placeholder}
              style={fieldStyle}
              value={value ?? ''}
              maxLength={500}
              onChange={(e) => handlers.onValue(tag, e.currentTarget.value)}
              data-testid="sign-field"
            />
          );
        else if (mine && kind === 'textArea')
          body = (
            <textarea
              {...field}
              placeholder={placeholder}
              style={{ ...fieldStyle, resize: 'none' }}
              value={value ?? ''}
              maxLength={2000}
              onChange={(e) => handlers.onValue(tag, e.currentTarget.value)}
              data-testid="sign-field"
            />
          );
        else if (mine && kind === 'date')
          body = (
            <input
              {...field}
              type="date"
              style={fieldStyle}
              value={value ?? ''}
              onChange={(e) => handlers.onValue(tag, e.currentTarget.value)}
              data-testid="sign-field"
            />
          );
        else if (mine && kind === 'select')
          body = (
            <select
              {...field}
              style={fieldStyle}
              value={value ?? ''}
              onChange={(e) => handlers.onValue(tag, e.currentTarget.value)}
              data-testid="sign-field"
            >
              <option value="">{tag.label || name}</option>
              {(tag.options ?? []).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          );
        else if (mine && opens)
          body = (
            <button
              type="button"
              {...common}
              style={{ ...fieldStyle, cursor: 'pointer', textAlign: 'left' }}
              onClick={() => handlers.onOpen(tag)}
              data-testid="sign-open-tag"
              data-tag-type={tag.type}
            >
              <TagContent tag={tag} value={value} preview={previewOf(tag)} />
            </button>
          );
        return (
          <TagBox
            key={tag.uuid}
            box={tag}
            kind={tag}
            zoom={zoom}
            state={state}
            tint={mine ? recipientTint(0) : recipientTint(-1)}
            layered={!mine}
            data-testid={mine ? 'my-tag' : 'other-tag'}
            data-filled={filled}
            style={{ overflow: 'visible', padding: 0, ...(phone ? { touchAction: 'pan-x pan-y' } : {}) }}
          >
            <div style={{ width: '100%', height: '100%', overflow: 'hidden' }}>{body}</div>
            {mine && pointerAt === tag.uuid && (
              <span
                aria-hidden
                data-testid="next-pointer"
                style={{
                  position: 'absolute',
                  ...(phone
                    ? { left: 0, bottom: '100%', transform: 'translateY(-6px)' }
                    : { right: '100%', top: '50%', transform: 'translate(-8px, -50%)' }),
                  // Darker than the 'remaining' border, so the white text stays readable (WCAG AA).
                  background: '#a8440a',
                  color: 'white',
                  borderRadius: 4,
                  padding: '1px 6px',
                  fontSize: 12,
                  whiteSpace: 'nowrap',
                }}
              >
                {t('sign.pointer')} {phone ? '↓' : '➜'}
              </span>
            )}
          </TagBox>
        );
      })}
    </div>
  );
}
