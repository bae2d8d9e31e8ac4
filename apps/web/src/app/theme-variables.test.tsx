import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appTheme, cssVariablesResolver } from './theme.ts';

/** Declarations per selector, whitespace aside: `selector { a: b; … }` → [selector, [a: b, …]]. */
function declarations(css: string): [string, string[]][] {
  const blocks = css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g);
  return [...blocks].map(([, selector = '', body = '']) => [
    selector.replace(/\s+/g, ' ').trim(),
    body
      .split(';')
      // Spacing after commas is the formatter's (biome), not a difference of value.
      .map((d) =>
        d
          .trim()
          .replace(/\s*:\s*/, ': ')
          .replace(/\s*,\s*/g, ', '),
      )
      .filter(Boolean),
  ]);
}

describe("the theme's CSS variables", () => {
  it('in theme-variables.css are what MantineProvider would inject for the theme, on a phone or not', () => {
    const file = readFileSync(join(import.meta.dirname, 'theme-variables.css'), 'utf8');
    for (const phone of [false, true]) {
      const { container, unmount } = render(
        <MantineProvider theme={appTheme(phone)} cssVariablesResolver={cssVariablesResolver}>
          <span />
        </MantineProvider>,
      );
      const injected =
        (container.ownerDocument.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '') || '';
      expect(injected, 'MantineProvider injected no variables').not.toBe('');
      // On a change of theme this fails and shows the new declarations: copy them into the file.
      expect(declarations(file)).toEqual(declarations(injected));
      unmount();
    }
  });
});
