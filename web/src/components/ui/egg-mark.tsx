/** The studio's mark: a cracked egg. Decorative; the site name beside it carries the meaning. */
export function EggMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 2C9.5 2 4.5 11 4.5 18.5 4.5 25 9.6 30 16 30s11.5-5 11.5-11.5C27.5 11 22.5 2 16 2Z"
        fill="var(--color-accent)"
        stroke="var(--color-accent-deep)"
        strokeWidth="2"
      />
      <path
        d="M9 17l3.5-3 3.5 3 3.5-3 3.5 3"
        fill="none"
        stroke="var(--color-accent-deep)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
