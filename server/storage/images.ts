/**
 * The images the reference server draws itself (no binary assets in the repository): unit logos,
 * the public-security filing badge and initial-letter avatars. All are static SVG without script.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/** A school: a rising sun over an open book, in the platform blue and a warm yellow. */
export function schoolLogoSvg(title: string): string {
  const rays = Array.from({ length: 9 }, (_, i) => {
    const angle = Math.PI + (Math.PI * (i + 1)) / 10;
    const x1 = 64 + Math.cos(angle) * 30;
    const y1 = 62 + Math.sin(angle) * 30;
    const x2 = 64 + Math.cos(angle) * 42;
    const y2 = 62 + Math.sin(angle) * 42;
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${escapeXml(title)}">
<title>${escapeXml(title)}</title>
<circle cx="64" cy="64" r="62" fill="#eef4fd" stroke="#457cd6" stroke-width="4"/>
<g stroke="#f5a623" stroke-width="5" stroke-linecap="round">${rays}</g>
<path d="M40 62a24 24 0 0 1 48 0z" fill="#f5a623"/>
<path d="M22 70c14-6 28-6 42 2v32c-14-8-28-8-42-2z" fill="#457cd6"/>
<path d="M106 70c-14-6-28-6-42 2v32c14-8 28-8 42-2z" fill="#2f5fae"/>
<path d="M30 78c9-3 18-3 27 1M30 86c9-3 18-3 27 1M71 79c9-4 18-4 27-1M71 87c9-4 18-4 27-1" stroke="#ffffff" stroke-width="2.5" fill="none" stroke-linecap="round"/>
</svg>
`;
}

/** An education bureau: a columned building with a pediment and a star, in deep red and gold. */
export function bureauLogoSvg(title: string): string {
  const columns = [38, 52, 66, 80]
    .map((x) => `<rect x="${String(x)}" y="58" width="8" height="34" rx="1.5"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${escapeXml(title)}">
<title>${escapeXml(title)}</title>
<circle cx="64" cy="64" r="62" fill="#b8222a"/>
<circle cx="64" cy="64" r="54" fill="none" stroke="#f6c344" stroke-width="3"/>
<g fill="#f6c344">
<path d="M28 52 64 28l36 24z"/>
<rect x="30" y="52" width="68" height="5" rx="1"/>
${columns}
<rect x="28" y="93" width="72" height="6" rx="1"/>
<rect x="24" y="100" width="80" height="5" rx="1"/>
</g>
<path d="m64 34 2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="#b8222a"/>
</svg>
`;
}

/** The public-security filing badge shown beside a 公网安备 entry. */
export function policeFilingBadgeSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20" role="img" aria-label="公网安备">
<path d="M10 1 2.5 4v5.2c0 4.6 3.2 8.3 7.5 9.8 4.3-1.5 7.5-5.2 7.5-9.8V4z" fill="#1d5fbf"/>
<path d="M10 2.8 4.2 5.1v4.1c0 3.7 2.5 6.7 5.8 8 3.3-1.3 5.8-4.3 5.8-8V5.1z" fill="#f2c230"/>
<path d="m10 5.2 1.3 2.7 3 .4-2.2 2.1.5 3-2.6-1.4-2.6 1.4.5-3-2.2-2.1 3-.4z" fill="#c8161d"/>
</svg>
`;
}

const AVATAR_COLOURS = ['#457cd6', '#4db021', '#49c1d9', '#e58a2e', '#8e63ce', '#d0465a'];

/** An initial-letter avatar: the first character of the name on a colour picked from the id. */
export function avatarSvg(name: string, seed: number): string {
  const initial = escapeXml(Array.from(name)[0] ?? '?');
  const colour = AVATAR_COLOURS[Math.abs(seed) % AVATAR_COLOURS.length] ?? '#457cd6';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(name)}">
<rect width="96" height="96" rx="48" fill="${colour}"/>
<text x="48" y="50" text-anchor="middle" dominant-baseline="central" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif" font-size="44" fill="#ffffff">${initial}</text>
</svg>
`;
}
