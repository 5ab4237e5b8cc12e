/** The owner's mark: their initials in a ring (the owner may replace it with a logo of their own); `label` names it. */
export function Logo({ name, label, className }: { name: string; label: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <svg className={className} viewBox="0 0 64 64" width="64" height="64" role="img" aria-label={label}>
      <circle cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="4" />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="24"
        fontWeight="700"
        fill="currentColor"
        fontFamily="inherit"
      >
        {initials}
      </text>
    </svg>
  );
}
