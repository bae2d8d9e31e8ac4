import { Limits } from '@signet/contracts';
import { useEffect, useState } from 'react';

/**
 * How many of `total` items to show: on first load they appear `Limits.TAG_PAGE_SIZE` (10) at a
 * time, one batch per frame (spec §2 "tags load 10 at a time"), so a document with hundreds of
 * tags opens at once and fills in without blocking the page. Once all are shown, items added
 * later (a tag just placed) show at once.
 */
export function useProgressive(total: number, batch: number = Limits.TAG_PAGE_SIZE): number {
  const [shown, setShown] = useState(Math.min(total, batch));
  const [loaded, setLoaded] = useState(total <= batch);
  useEffect(() => {
    if (loaded) return;
    if (shown >= total) {
      setLoaded(true);
      return;
    }
    const frame = requestAnimationFrame(() => setShown((n) => Math.min(total, n + batch)));
    return () => cancelAnimationFrame(frame);
  }, [loaded, shown, total, batch]);
  return loaded ? total : Math.min(shown, total);
}
