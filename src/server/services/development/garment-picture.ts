/** A small garment picture (SVG) in a colour, used as a style image and as sample photos. */
export function garmentSvg(fill: string, label: string, kind: 'top' | 'pants' = 'top'): string {
  const shape = kind === 'pants'
    ? 'M70 30h60l10 150h-35l-15-100-15 100H40z'
    : 'M70 30l-40 25 15 30 20-10v105h70V75l20 10 15-30-40-25c-5 15-15 22-30 22s-25-7-30-22z';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="#f4f4f4"/><path d="${shape}" fill="${fill}" stroke="#333" stroke-width="2"/><text x="100" y="196" font-size="13" text-anchor="middle" font-family="sans-serif" fill="#333">${label}</text></svg>`;
}

