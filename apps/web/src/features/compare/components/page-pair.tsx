import { Group, Loader, Paper, Text } from '@mantine/core';
import type { ComparedPage } from '@signet/contracts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from 'react-i18next';
import { highlightsOf } from '../highlights.ts';
import type { ListedChange } from './change-list.tsx';
import { ComparePageCanvas } from './compare-page-canvas.tsx';

const ZOOM = 0.75;

/** Both pages of the selected pair, side by side or laid one over the other. */
export function PagePair({
  page,
  pdfs,
  view,
  active,
}: {
  page: ComparedPage;
  pdfs: [PDFDocumentProxy, PDFDocumentProxy] | null;
  view: 'side' | 'overlay';
  active: ListedChange | null;
}) {
  const { t } = useTranslation();
  const missing = (
    <Paper withBorder p="xl" style={{ width: 595 * ZOOM, flex: 'none' }}>
      <Text c="dimmed">{t('compare.pageMissing')}</Text>
    </Paper>
  );
  if (!pdfs) return <Loader aria-label={t('common.loading')} />;
  if (view === 'overlay' && page.firstPage !== null && page.secondPage !== null && page.secondSize) {
    const size = page.secondSize;
    return (
      <div style={{ position: 'relative', width: size.width * ZOOM, height: size.height * ZOOM }}>
        <div style={{ position: 'absolute', inset: 0 }}>
          <ComparePageCanvas
            pdf={pdfs[0]}
            pageNumber={page.firstPage}
            zoom={ZOOM}
            size={page.firstSize ?? size}
            highlights={[]}
            label={t('compare.firstPage', { n: page.firstPage })}
            testId="compare-overlay-first"
          />
        </div>
        <div style={{ position: 'absolute', inset: 0 }}>
          <ComparePageCanvas
            pdf={pdfs[1]}
            pageNumber={page.secondPage}
            zoom={ZOOM}
            size={size}
            highlights={highlightsOf(page, 'second', active)}
            label={t('compare.overlayPage', { n: page.secondPage })}
            opacity={0.5}
            testId="compare-overlay-second"
          />
        </div>
      </div>
    );
  }
  return (
    <Group align="flex-start" wrap="nowrap" style={{ overflowX: 'auto' }}>
      {page.firstPage !== null && page.firstSize ? (
        <ComparePageCanvas
          pdf={pdfs[0]}
          pageNumber={page.firstPage}
          zoom={ZOOM}
          size={page.firstSize}
          highlights={highlightsOf(page, 'first', active)}
          label={t('compare.firstPage', { n: page.firstPage })}
          testId="compare-first-page"
        />
      ) : (
        missing
      )}
      {page.secondPage !== null && page.secondSize ? (
        <ComparePageCanvas
          pdf={pdfs[1]}
          pageNumber={page.secondPage}
          zoom={ZOOM}
          size={page.secondSize}
          highlights={highlightsOf(page, 'second', active)}
          label={t('compare.secondPage', { n: page.secondPage })}
          testId="compare-second-page"
        />
      ) : (
        missing
      )}
    </Group>
  );
}
