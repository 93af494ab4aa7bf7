/** An egg outline: pointed top at `top`, widest a little below the middle, round bottom. */
function eggPath(cx: number, top: number, width: number, height: number): string {
  const right = cx + width / 2;
  const left = cx - width / 2;
  const bulge = width * 0.275;
  const bottom = top + height;
  const y = (share: number) => top + height * share;
  return [
    `M ${cx} ${top}`,
    `C ${cx + bulge} ${top} ${right} ${y(0.35)} ${right} ${y(0.62)}`,
    `C ${right} ${y(0.87)} ${cx + bulge} ${bottom} ${cx} ${bottom}`,
    `C ${cx - bulge} ${bottom} ${left} ${y(0.87)} ${left} ${y(0.62)}`,
    `C ${left} ${y(0.35)} ${cx - bulge} ${top} ${cx} ${top}`,
    'Z',
  ].join(' ');
}

/** The Home hero's illustration: a nest of eggs, one hatching. Purely decorative. */
export function EggCluster() {
  return (
    <svg
      className="egg-cluster"
      viewBox="0 0 320 260"
      width="320"
      height="260"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="160" cy="236" rx="138" ry="14" fill="rgb(122 67 6 / 0.12)" />
      <path
        d={eggPath(80, 94, 110, 140)}
        fill="#ffffff"
        stroke="var(--color-border-strong)"
        strokeWidth="3"
      />
      <path
        d={eggPath(242, 84, 120, 150)}
        fill="var(--color-accent-soft)"
        stroke="var(--color-accent-deep)"
        strokeWidth="3"
      />
      <path
        d={eggPath(160, 24, 150, 206)}
        fill="var(--color-accent)"
        stroke="var(--color-accent-deep)"
        strokeWidth="3.5"
      />
      <path
        d="M92 122 l17 -14 l16 16 l17 -18 l17 16 l17 -16 l16 18 l17 -14"
        fill="none"
        stroke="var(--color-accent-deep)"
        strokeWidth="3.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="262" cy="150" r="5" fill="var(--color-accent)" />
      <circle cx="268" cy="190" r="4" fill="var(--color-accent)" />
      <circle cx="58" cy="170" r="4" fill="var(--color-accent-soft)" />
    </svg>
  );
}
