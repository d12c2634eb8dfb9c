/**
 * The drawings of the demo applications' icons: one line-art glyph per application on a 48×48
 * grid (drawn inside 10..38), and its brand colour. server/apps/icon-svg.ts frames each glyph
 * three ways (colour, gray, cartoon).
 */
export interface IconGlyph {
  color: string;
  /** SVG elements drawn with the frame's stroke (no fill of their own). */
  glyph: string;
}

export const ICON_GLYPHS: Readonly<Record<string, IconGlyph>> = {
  // Megaphone
  tzgg: {
    color: '#F0743E',
    glyph:
      '<path d="M13 21v6h5l11 7V14l-11 7z"/><path d="M33 19c2.4 1.6 2.4 8.4 0 10"/><path d="M18 27l2 8h4l-2-8"/>',
  },
  // Calendar
  rcap: {
    color: '#E5484D',
    glyph:
      '<rect x="12" y="15" width="24" height="21" rx="3"/><path d="M12 21h24M19 12v6M29 12v6"/><path d="M17 26h3M23 26h3M29 26h2M17 31h3M23 31h3"/>',
  },
  // Cloud with a down arrow
  wdwp: {
    color: '#3E8EF7',
    glyph:
      '<path d="M17 33h15a6 6 0 0 0 .5-12A8.5 8.5 0 0 0 16 20a6.5 6.5 0 0 0 1 13z"/><path d="M24 23v7M21 27l3 3 3-3"/>',
  },
  // Address book
  txl: {
    color: '#13A8A8',
    glyph:
      '<rect x="15" y="11" width="20" height="26" rx="3"/><circle cx="25" cy="21" r="4"/><path d="M19 32c1.4-3 3.6-4.4 6-4.4s4.6 1.4 6 4.4"/><path d="M12 17h4M12 24h4M12 31h4"/>',
  },
  // Briefcase
  oa: {
    color: '#4F6BED',
    glyph:
      '<rect x="11" y="18" width="26" height="17" rx="3"/><path d="M19 18v-3a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v3"/><path d="M11 25h26M24 23v5"/>',
  },
  // Document with a forward arrow
  gwlz: {
    color: '#7A5AF8',
    glyph:
      '<path d="M15 12h11l7 7v17H15z"/><path d="M26 12v7h7"/><path d="M19 25h8M19 30h5"/><path d="M30 28l4 3-4 3"/>',
  },
  // Meeting table with two people
  hysgl: {
    color: '#0E9F6E',
    glyph:
      '<circle cx="17" cy="16" r="3.2"/><circle cx="31" cy="16" r="3.2"/><path d="M12 24c1-2.6 2.8-3.8 5-3.8s4 1.2 5 3.8M26 24c1-2.6 2.8-3.8 5-3.8s4 1.2 5 3.8"/><path d="M10 27h28M15 27v9M33 27v9"/>',
  },
  // Timetable grid
  kcb: {
    color: '#F5A623',
    glyph:
      '<rect x="11" y="13" width="26" height="23" rx="2.5"/><path d="M11 19h26M11 27.5h26M19.7 13v23M28.3 13v23"/>',
  },
  // Bar chart
  cjgl: {
    color: '#D6336C',
    glyph:
      '<path d="M12 36h24"/><rect x="14" y="25" width="5" height="11" rx="1"/><rect x="21.5" y="19" width="5" height="17" rx="1"/><rect x="29" y="13" width="5" height="23" rx="1"/>',
  },
  // Gauge
  sjzx: {
    color: '#1F7AE0',
    glyph:
      '<path d="M11 31a13 13 0 0 1 26 0"/><path d="M24 31l6-8"/><circle cx="24" cy="31" r="2.2"/><path d="M15 36h18M15.5 24l2 1.4M32.5 24l-2 1.4M24 18v2.4"/>',
  },
  // Stacked layers
  base: {
    color: '#2F54EB',
    glyph:
      '<path d="M24 12l13 6.5-13 6.5-13-6.5z"/><path d="M11 24.5l13 6.5 13-6.5"/><path d="M11 30.5l13 6.5 13-6.5"/>',
  },
  // Graduation cap
  edu: {
    color: '#0F766E',
    glyph:
      '<path d="M9 20l15-7.5L39 20l-15 7.5z"/><path d="M16 24v7c2.6 3.4 13.4 3.4 16 0v-7"/><path d="M39 20v9"/>',
  },
  // Folder with a person
  rsda: {
    color: '#B7791F',
    glyph:
      '<path d="M10 16h10l3 3h15v17H10z"/><circle cx="24" cy="25" r="3.2"/><path d="M18.5 33c1.2-2.6 3.2-3.8 5.5-3.8s4.3 1.2 5.5 3.8"/>',
  },
  // Clock with a tick
  kqgl: {
    color: '#0891B2',
    glyph: '<circle cx="23" cy="24" r="11"/><path d="M23 17v7l4.5 3"/><path d="M31 33l3 3 5-6"/>',
  },
  // Screen with a play button
  zxxx: {
    color: '#9333EA',
    glyph:
      '<rect x="10" y="13" width="28" height="18" rx="2.5"/><path d="M19 36h10M24 31v5"/><path d="M21.5 18v8l6.5-4z"/>',
  },
  // Notebook and pencil
  zyxt: {
    color: '#EA580C',
    glyph:
      '<path d="M13 12h15v24H13z"/><path d="M17 18h7M17 23h7M17 28h4"/><path d="M33.5 15l3 3L28 26.5h-3v-3z"/>',
  },
  // Light bulb
  jyhd: {
    color: '#CA8A04',
    glyph:
      '<path d="M19.5 29c-3-2.2-4.5-5.1-4.5-8.2a9 9 0 0 1 18 0c0 3.1-1.5 6-4.5 8.2V32h-9z"/><path d="M20 36h8M24 21v5"/>',
  },
  // Flask
  kygl: {
    color: '#16A34A',
    glyph:
      '<path d="M20 12h8M21 12v9l-8.5 12.5A2 2 0 0 0 14 37h20a2 2 0 0 0 1.5-3.5L27 21v-9"/><path d="M16.5 29h15"/>',
  },
  // Globe (an outside website)
  zjer: {
    color: '#0284C7',
    glyph:
      '<circle cx="24" cy="24" r="12"/><path d="M12 24h24M24 12c4.4 4 4.4 20 0 24M24 12c-4.4 4-4.4 20 0 24"/>',
  },
  // Sprout
  czda: {
    color: '#65A30D',
    glyph:
      '<path d="M24 37V22"/><path d="M24 25c0-6.5-4.2-9.6-11-9.6 0 6.5 4.2 9.6 11 9.6z"/><path d="M24 22c0-5.4 3.4-8.6 10-8.6 0 5.4-3.4 8.6-10 8.6z"/><path d="M17 37h14"/>',
  },
  // Star
  ddpj: {
    color: '#DB2777',
    glyph: '<path d="M24 11.5l3.8 7.8 8.6 1.2-6.2 6 1.5 8.5L24 31l-7.7 4 1.5-8.5-6.2-6 8.6-1.2z"/>',
  },
  // Box
  zcgl: {
    color: '#A16207',
    glyph:
      '<path d="M24 11l12 6.5v13L24 37l-12-6.5v-13z"/><path d="M12 17.5L24 24l12-6.5M24 24v13"/>',
  },
  // Security camera
  haikang: {
    color: '#C81E1E',
    glyph:
      '<path d="M11 17.5l18-4.5 2.2 8.5-18 4.5z"/><path d="M30.5 17.5l6-1.5v7l-5.5 1.4"/><path d="M18 25l2 7h-6.5M13.5 28v8"/>',
  },
  // Cloud with a play button
  ysy: {
    color: '#F97316',
    glyph:
      '<path d="M17 33h15a6 6 0 0 0 .5-12A8.5 8.5 0 0 0 16 20a6.5 6.5 0 0 0 1 13z"/><path d="M21.5 22.5v7l6-3.5z"/>',
  },
  // Card
  ykt: {
    color: '#475569',
    glyph:
      '<rect x="10" y="15" width="28" height="19" rx="3"/><path d="M10 21h28"/><path d="M14.5 28.5h7"/><circle cx="32" cy="28.5" r="2.2"/>',
  },
  // Map pin (district data)
  qysj: {
    color: '#2563EB',
    glyph:
      '<path d="M24 37s-10-8.4-10-16a10 10 0 0 1 20 0c0 7.6-10 16-10 16z"/><path d="M20 22v3M24 18v7M28 20v5"/>',
  },
  // School building
  xxgl: {
    color: '#059669',
    glyph:
      '<path d="M10 36h28M13 36V22l11-8 11 8v14"/><path d="M21 36v-7h6v7"/><path d="M24 14V9.5h4.5"/><path d="M17 25h2M29 25h2"/>',
  },
  // Clipboard with a tick
  jdpg: {
    color: '#7C3AED',
    glyph:
      '<rect x="13" y="14" width="22" height="23" rx="2.5"/><path d="M19.5 11.5h9v5h-9z"/><path d="M18.5 26l3.5 3.5 7-7"/>',
  },
  // Bell
  qytz: {
    color: '#E11D48',
    glyph: '<path d="M15 31v-8.5a9 9 0 0 1 18 0V31l2.5 3h-23z"/><path d="M21 37.5h6"/>',
  },
  // Person with a rising arrow
  jsfz: {
    color: '#0D9488',
    glyph:
      '<circle cx="19" cy="17" r="4.2"/><path d="M11 36c0-5.4 3.6-9.4 8-9.4 2.4 0 4.3 1 5.6 2.5"/><path d="M32 37V24.5M27.5 29l4.5-4.5 4.5 4.5"/>',
  },
  // Wrench
  zbgl: {
    color: '#64748B',
    glyph:
      '<path d="M31 12.5a7 7 0 0 0-8.6 8.8L12 31.7l4.3 4.3 10.4-10.4a7 7 0 0 0 8.8-8.6l-4.3 4.3-3.6-.7-.7-3.6z"/>',
  },
};

/**
 * The glyph of an application code, or undefined. Only the table's own entries count: a code
 * such as `constructor` or `toString` (a request's file name) finds nothing.
 */
export function iconGlyph(code: string): IconGlyph | undefined {
  return Object.hasOwn(ICON_GLYPHS, code) ? ICON_GLYPHS[code] : undefined;
}
