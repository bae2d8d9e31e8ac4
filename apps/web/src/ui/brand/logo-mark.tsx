/** The product's own name, as the server's configuration gives it unless an install renamed it. */
export const PRODUCT_NAME = 'Signet';

/**
 * Signet's mark: a signature stroke over the line it is signed on, white on a rounded square of
 * the primary colour (a tenant's colour where it has one: the square follows
 * `--mantine-primary-color-filled`). It always stands beside the product's name, which says what
 * it is, so it is decoration for a screen reader.
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden
      focusable="false"
      data-testid="logo-mark"
      style={{ flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <g fill="none" stroke="#fff" strokeLinecap="round" strokeLinejoin="round">
        <path
          d="M7 19.5c1.6-4.2 3.4-8.5 5.2-8.5 2.1 0-.9 9.6 1.6 9.6 1.9 0 2.9-5.6 4.9-5.6 1.6 0 .6 4 2.2 4 1.1 0 2.1-1.3 3.1-2.6"
          strokeWidth="2.4"
        />
        <path d="M7 24.5h18" strokeOpacity=".75" strokeWidth="1.8" />
      </g>
    </svg>
  );
}
