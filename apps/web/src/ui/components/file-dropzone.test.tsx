import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n/i18n.ts';
import { FileDropzone } from './file-dropzone.tsx';
import { formatFileSize } from './file-size.ts';

beforeAll(async () => {
  await initI18n('en');
});

function Field({ maxSize }: { maxSize?: number }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDropzone
      label="Certificate"
      hint="PDF or images, up to 1 MB"
      accept={{ 'application/pdf': ['.pdf'] }}
      maxSize={maxSize}
      value={file}
      onChange={setFile}
      data-testid="zone"
    />
  );
}

const input = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

describe('file dropzone', () => {
  it('says what it takes, then shows the chosen file with its size and removes it', async () => {
    const { container } = render(
      <MantineProvider>
        <Field />
      </MantineProvider>,
    );
    const pick = screen.getByRole('button', { name: 'Certificate Choose a file' });
    expect(pick.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('PDF or images, up to 1 MB')).toBeTruthy();
    await userEvent.upload(
      input(container),
      new File(['x'.repeat(3000)], 'stamp.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('stamp.pdf')).toBeTruthy();
    expect(screen.getByText('3 kB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove stamp.pdf' }));
    expect(screen.queryByText('stamp.pdf')).toBeNull();
  });

  it('refuses a file over the size limit with a message, keeping nothing', async () => {
    const { container } = render(
      <MantineProvider>
        <Field maxSize={100} />
      </MantineProvider>,
    );
    await userEvent.upload(
      input(container),
      new File(['x'.repeat(3000)], 'big.pdf', { type: 'application/pdf' }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot be used here/);
    expect(screen.queryByText('big.pdf')).toBeNull();
  });

  it('writes sizes in the reader’s language', () => {
    expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'fr')).toBe('2,5\u202fMo');
    expect(formatFileSize(10, 'en')).toBe('1 kB');
  });
});
