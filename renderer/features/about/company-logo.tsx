/**
 * The company's logo: a mark (an open book forming a desk, in the default theme blue) and the
 * word mark. Inline SVG, so it costs no request and stays sharp at any zoom.
 */
export function CompanyLogo({ label }: { label: string }) {
  return (
    <svg width="148" height="40" viewBox="0 0 148 40" role="img" aria-label={label}>
      <rect x="0" y="0" width="40" height="40" rx="9" fill="#457CD6" />
      <path
        d="M8 13.5c4.2-1.6 8.2-1.1 12 1.5 3.8-2.6 7.8-3.1 12-1.5v13c-4.2-1.6-8.2-1.1-12 1.5-3.8-2.6-7.8-3.1-12-1.5z"
        fill="#fff"
      />
      <path d="M20 15v13" stroke="#457CD6" strokeWidth="1.6" />
      <path d="M9 31h22" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <text
        x="50"
        y="27"
        fontFamily="'Segoe UI', 'Microsoft YaHei', sans-serif"
        fontSize="20"
        fontWeight="700"
        fill="#1f3b6e"
      >
        EduDesk
      </text>
    </svg>
  );
}
