import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n.ts';
import { TAG_DRAG_TYPE } from '../tag-kinds.ts';
import { EditorPageLayer, type LayerHandlers } from './editor-page-layer.tsx';
import { TagPalette } from './tag-palette.tsx';

beforeAll(async () => {
  await initI18n('en');
});

/** The palette as the editor holds it: Signature armed to start with. */
function Palette() {
  const [armed, setArmed] = useState<string | null>('signature');
  return (
    <MantineProvider>
      <TagPalette armed={armed} onArm={setArmed} rubberStamp={false} colour="#e8590c" />
      <output data-testid="armed">{armed ?? 'none'}</output>
    </MantineProvider>
  );
}

function layer(armedLabel: string | null) {
  const handlers: LayerHandlers = {
    onPlace: vi.fn(),
    onSelect: vi.fn(),
    onMove: vi.fn(),
    onResize: vi.fn(),
    onKey: vi.fn(),
    onIdleClick: vi.fn(),
    onDisarm: vi.fn(),
    onDrop: vi.fn(),
  };
  render(
    <MantineProvider>
      <EditorPageLayer
        page={{ pageNumber: 1, width: 600, height: 800 }}
        tags={[]}
        zoom={1}
        selected={null}
        armedLabel={armedLabel}
        isMine={() => true}
        tintOf={() => '#000000'}
        stateOf={() => 'configured'}
        labelOf={() => ''}
        handlers={handlers}
      />
    </MantineProvider>,
  );
  return { handlers, surface: screen.getByTestId('page-surface-1') };
}

describe('the tag editor palette', () => {
  it('clicking the armed Signature keeps it armed, so the next click on the page places it', () => {
    render(<Palette />);
    const signature = screen.getByTestId('palette-signature');
    fireEvent.click(signature);
    expect(screen.getByTestId('armed').textContent).toBe('signature');
    expect(signature.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('palette-text'));
    expect(screen.getByTestId('armed').textContent).toBe('text');
  });

  it('“Stop placing” disarms, and is offered only while a tag is armed', () => {
    render(<Palette />);
    fireEvent.click(screen.getByTestId('palette-disarm'));
    expect(screen.getByTestId('armed').textContent).toBe('none');
    expect(screen.queryByTestId('palette-disarm')).toBeNull();
  });
});

describe('the tag editor page', () => {
  it('a click on the page with nothing armed asks for the hint instead of doing nothing', () => {
    const { handlers, surface } = layer(null);
    fireEvent.click(surface, { clientX: 50, clientY: 50 });
    expect(handlers.onPlace).not.toHaveBeenCalled();
    expect(handlers.onIdleClick).toHaveBeenCalledTimes(1);
  });

  it('a click on the page with a tag armed places it and gives no hint', () => {
    const { handlers, surface } = layer('Signature');
    fireEvent.click(surface, { clientX: 50, clientY: 50 });
    expect(handlers.onPlace).toHaveBeenCalledTimes(1);
    expect(handlers.onIdleClick).not.toHaveBeenCalled();
  });

  it('Escape on the page stops placing', () => {
    const { handlers, surface } = layer('Signature');
    fireEvent.keyDown(surface, { key: 'Escape' });
    expect(handlers.onDisarm).toHaveBeenCalledTimes(1);
  });

  it('a tag dragged from the palette and dropped on the page is placed where it was let go', () => {
    const { handlers, surface } = layer(null);
    const dataTransfer = {
      types: [TAG_DRAG_TYPE],
      getData: (type: string) => (type === TAG_DRAG_TYPE ? 'text' : ''),
    };
    // jsdom has no DragEvent: a mouse event carrying the drag's data stands in for it.
    const drop = new MouseEvent('drop', { bubbles: true, cancelable: true, clientX: 120, clientY: 80 });
    Object.defineProperty(drop, 'dataTransfer', { value: dataTransfer });
    fireEvent(surface, drop);
    expect(handlers.onDrop).toHaveBeenCalledWith(expect.objectContaining({ pageNumber: 1 }), 'text', 120, 80);
    expect(handlers.onIdleClick).not.toHaveBeenCalled();
  });
});

describe('the palette’s groups', () => {
  it('shows the tags under their kind, each draggable, Signature first under “Signing”', () => {
    render(<Palette />);
    const signing = screen.getByTestId('palette-group-signing');
    expect(signing.textContent).toContain('Signing');
    expect(signing.querySelector('[data-testid="palette-signature"]')).not.toBeNull();
    expect(
      screen.getByTestId('palette-group-stamps').querySelector('[data-testid="palette-qrcode"]'),
    ).not.toBeNull();
    expect(screen.getByTestId('palette-text').getAttribute('draggable')).toBe('true');
  });
});
