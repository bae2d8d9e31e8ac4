import { Box } from '@mantine/core';
import { Timing } from '@signet/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Text that does not fit its box scrolls on hover or click (spec §2 header), 2 px every 50 ms;
 * it rests at the start otherwise. Short text never moves.
 */
export function TextMarquee({ children, maxWidth }: { children: ReactNode; maxWidth: number | string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (!running) {
      box.scrollLeft = 0;
      return;
    }
    const overflow = box.scrollWidth - box.clientWidth;
    if (overflow <= 0) return;
    const timer = setInterval(() => {
      box.scrollLeft = box.scrollLeft >= overflow ? 0 : box.scrollLeft + Timing.TEXT_SCROLLER_STEP_PX;
    }, Timing.TEXT_SCROLLER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <Box
      ref={boxRef}
      maw={maxWidth}
      style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: running ? 'clip' : 'ellipsis' }}
      onMouseEnter={() => setRunning(true)}
      onMouseLeave={() => setRunning(false)}
      onClick={() => setRunning((r) => !r)}
    >
      {children}
    </Box>
  );
}
