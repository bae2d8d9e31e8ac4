import type { CSSProperties } from 'react';
import { recipientColour } from '../tokens/recipient-colours.ts';

export interface RecipientSwatchProps {
  /** The recipient's place in the workflow (0 for the first); negative for nobody. */
  index: number;
  /** Pixels across. */
  size?: number;
  /** Said by a screen reader and shown on hover; without it the swatch is decoration. */
  label?: string;
}

/** A recipient's colour as a dot, beside their name (never instead of it). */
export function RecipientSwatch({ index, size = 12, label }: RecipientSwatchProps) {
  const style: CSSProperties = {
    display: 'inline-block',
    flexShrink: 0,
    width: size,
    height: size,
    borderRadius: '50%',
    background: recipientColour(index),
    verticalAlign: 'middle',
  };
  return label ? (
    <span role="img" aria-label={label} title={label} style={style} data-recipient-index={index} />
  ) : (
    <span aria-hidden style={style} data-recipient-index={index} />
  );
}
