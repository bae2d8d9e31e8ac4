import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { configuration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

// The upload's bytes are all sent (progress 1) and the server is still converting: the answer
// never comes in this test, as with a long conversion.
vi.mock('../src/features/compose/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/features/compose/api.ts')>()),
  uploadDocument: (_file: File, onProgress: (fraction: number) => void) => {
    onProgress(1);
    return new Promise(() => {});
  },
}));

const server = setupMockServer();
afterEach(() => sessionStore.clear());

describe('compose upload of an office file', () => {
  it('shows a running "Converting … to PDF" indicator once the file is sent, and "Checking" for a PDF', async () => {
    server.use(
      http.get('*/msbapi/v1/configuration', () => ok(configuration())),
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v2/workflows', () => ok([])),
      http.get('*/msbapi/v1/documenttemplates', () => ok({ docTemplateDTOList: { docTemplateDTO: [] } })),
      http.get('*/msbapi/v1/users', () => ok({ users: [] })),
    );
    startFakeSession();
    await renderApp('/compose');
    const input = (await screen.findByTestId('upload-input')) as HTMLInputElement;
    fireEvent.change(input, {
      target: {
        files: [
          new File(['PK'], 'Offer letter.docx', {
            type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          }),
          new File(['%PDF-1.7'], 'Lease.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    const rows = await screen.findAllByTestId('upload-converting');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Converting Offer letter.docx to PDF…');
    expect(
      within(rows[0] as HTMLElement).getByRole('progressbar', {
        name: 'Converting Offer letter.docx to PDF…',
      }),
    ).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Checking Lease.pdf…');
    expect(rows[1]?.textContent).not.toContain('Converting');
  }, 30_000);
});
