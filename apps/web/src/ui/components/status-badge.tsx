import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StatusKind, type StatusOf, statusLabelKey, statusTone } from '../tokens/status-colours.ts';

export interface StatusBadgeProps<K extends StatusKind>
  extends Omit<BadgeProps, 'color' | 'children' | 'variant'> {
  kind: K;
  /** A value of the contracts' set; anything else (an older server) shows neutral, as "Unknown status". */
  status: StatusOf<K> | (string & {});
  /** `light` (the default) in lists and headers; `dot` where a row already has much colour. */
  variant?: 'light' | 'dot';
  'data-testid'?: string;
}

/** A status in its words and its one colour (ui/tokens/status-colours.ts), the same on every screen. */
export function StatusBadge<K extends StatusKind>({
  kind,
  status,
  variant = 'light',
  ...rest
}: StatusBadgeProps<K>) {
  const { t } = useTranslation();
  const tone = statusTone(kind, status);
  return (
    <Badge
      variant={variant}
      color={tone.color}
      // Mantine's light badge writes shade 9, short of 4.5:1 on some backgrounds; the tone's text is not.
      c={variant === 'light' ? tone.text : undefined}
      data-status={status}
      // In a row it keeps its width: a status cut to "IN PROGRE…" says nothing.
      flex="none"
      {...rest}
    >
      {t(statusLabelKey(kind, status), { defaultValue: t('common.unknownStatus') })}
    </Badge>
  );
}
