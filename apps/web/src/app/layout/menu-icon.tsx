import { useEffect, useState } from 'react';
import type { MENU_ICONS, MenuIconName } from './menu-icons.ts';

type Icons = typeof MENU_ICONS;
let loaded: Icons | null = null;
let loading: Promise<Icons> | null = null;

/** Fetches the menus' icons once (a chunk of its own, after the first screen). */
export function loadMenuIcons(): Promise<Icons> {
  loading ??= import('./menu-icons.ts').then((m) => {
    loaded = m.MENU_ICONS;
    return loaded;
  });
  return loading;
}

/**
 * A menu entry's icon, decoration beside its words. Until the icons have loaded it holds its
 * place (same size), so the menu's widths — and what fits before "More" — do not jump.
 */
export function MenuIcon({ name, size = 16 }: { name: string; size?: number }) {
  const [icons, setIcons] = useState(loaded);
  useEffect(() => {
    if (icons) return;
    let live = true;
    void loadMenuIcons().then((i) => live && setIcons(i));
    return () => {
      live = false;
    };
  }, [icons]);
  const Icon = icons && Object.hasOwn(icons, name) ? icons[name as MenuIconName] : null;
  return Icon ? (
    <Icon size={size} stroke={1.75} aria-hidden focusable={false} style={{ flexShrink: 0 }} />
  ) : (
    <span aria-hidden style={{ display: 'inline-block', width: size, height: size, flexShrink: 0 }} />
  );
}
