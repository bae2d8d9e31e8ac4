import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BootPicture } from '../../../app/boot-frame.ts';
import { PictureCanvas } from '../../document-view/picture-canvas.tsx';

/** Where the frame (index.html's `.boot-page`) puts the picture: room for the view's heading above it. */
export const PICTURE_TOP = 64;

/**
 * The easy-sign link's first page as the server drew it, where the page's frame showed it, while
 * the link is exchanged and the ePak loads: the signer keeps seeing the document instead of a
 * spinner, and nothing moves when the app takes over the frame.
 */
export function FirstPagePicture({ picture }: { picture: BootPicture }) {
  const { t } = useTranslation();
  return (
    <div data-testid="first-page-picture">
      <Center h={PICTURE_TOP}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
      <PictureCanvas
        src={picture.src}
        label={picture.alt}
        width={picture.width}
        height={picture.height}
        style={{
          display: 'block',
          boxSizing: 'border-box',
          width: 'calc(100% - 8px)',
          maxWidth: 820,
          height: 'auto',
          margin: '0 auto',
          background: '#fff',
          boxShadow: '0 1px 3px rgba(0, 0, 0, 0.1)',
        }}
      />
    </div>
  );
}
