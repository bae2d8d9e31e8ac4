import { MantineProvider } from '@mantine/core';
import type { Tag } from '@signet/contracts';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signTag } from '../../../../test/sign-tag.ts';
import { initI18n } from '../../../app/i18n/i18n.ts';
import { isImageValue } from '../../document-view/image-value.ts';
import { SignTagLayer } from './sign-tag-layer.tsx';

beforeAll(async () => {
  await initI18n('en');
});

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Another signer's tag (u2), as the signing view shows the tags of the other recipients. */
const tag = (uuid: string, type: Tag['type'], extra: Partial<Tag> = {}): Tag =>
  signTag(uuid, type, { userUuid: 'u2', recipientId: 'r2', ...extra });

function showOthers(tags: Tag[]) {
  return render(
    <MantineProvider>
      <SignTagLayer
        page={{ pageNumber: 1, width: 600, height: 800 }}
        tags={tags}
        mineIds={new Set()}
        values={{}}
        zoom={1}
        focused={null}
        pointerAt={null}
        invalid={new Set()}
        previewOf={() => ''}
        handlers={{ onOpen: () => {}, onValue: () => {}, onFocus: () => {} }}
      />
    </MantineProvider>,
  );
}

describe('the signing view’s tags of other signers', () => {
  it('a finished signature of another signer is not drawn again over the page, which shows it, and never as data: text', () => {
    // As the server returns it once signed: done and read-only, the picture as its value.
    showOthers([
      tag('s1', 'signature', { status: 'done', readOnly: true, value: PNG }),
      tag('i1', 'userInitial', { status: 'done', value: PNG }),
      tag('w1', 'signature'),
    ]);
    const others = screen.getAllByTestId('other-tag');
    expect(others).toHaveLength(3);
    for (const other of others.slice(0, 2)) {
      expect(other.textContent).toBe('');
      expect(other.querySelector('img')).toBeNull();
    }
    // One still to be signed says what it is.
    expect(others[2]?.textContent).toBe('Signature');
  });

  it('a read-only text value is still shown as text', () => {
    showOthers([tag('t1', 'text', { readOnly: true, value: 'Acme Ltd' })]);
    expect(screen.getByTestId('other-tag').textContent).toBe('Acme Ltd');
  });
});

describe('isImageValue', () => {
  it('knows a picture’s data URL from text that merely mentions one', () => {
    expect(isImageValue(PNG)).toBe(true);
    expect(isImageValue('data:image/jpeg;base64,/9j/')).toBe(true);
    expect(isImageValue('the value data:image/png')).toBe(false);
    expect(isImageValue('data:text/plain,hello')).toBe(false);
    expect(isImageValue('rubberstamp:abc')).toBe(false);
    expect(isImageValue(undefined)).toBe(false);
  });
});
