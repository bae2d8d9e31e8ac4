import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n.ts';
import { NumericSecretInput } from './numeric-secret-input.tsx';

const desktopMatchMedia = window.matchMedia;

/** The browser answers media queries as a phone would: narrow. */
function asPhone() {
  window.matchMedia = ((query: string) => ({
    ...desktopMatchMedia(query),
    matches: query.includes('max-width: 47.99em'),
  })) as typeof window.matchMedia;
}

function renderInput() {
  render(
    <MantineProvider>
      <NumericSecretInput label="PIN" value="" onChange={() => undefined} data-testid="pin-input" />
    </MantineProvider>,
  );
  return screen.getByLabelText('PIN');
}

describe('PIN and security code inputs', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  it('ask for the number pad, and on a desktop offer nothing else', () => {
    expect(renderInput().getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByTestId('pin-input-keyboard')).toBeNull();
  });

  it('on a phone switch to the letter keyboard and back with one tap', () => {
    asPhone();
    const input = renderInput();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByRole('button', { name: 'Type letters' }));
    expect(input.getAttribute('inputmode')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Type digits' }));
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });
});
