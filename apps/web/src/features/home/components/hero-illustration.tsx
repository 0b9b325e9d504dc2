/** A robot cell drawn inline (no image request); decorative, the hero text says it all. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 320" className={className} aria-hidden="true" focusable="false">
      {/* floor grid */}
      <g className="stroke-slate-200 dark:stroke-slate-800" strokeWidth="1">
        {[40, 80, 120, 160, 200, 240, 280, 320, 360].map((x) => (
          <line key={x} x1={x} y1="40" x2={x} y2="300" />
        ))}
        {[60, 100, 140, 180, 220, 260, 300].map((y) => (
          <line key={y} x1="20" y1={y} x2="380" y2={y} />
        ))}
      </g>
      {/* conveyor */}
      <rect x="210" y="236" width="170" height="22" rx="11" className="fill-slate-300 dark:fill-slate-700" />
      {[226, 256, 286, 316, 346, 366].map((cx) => (
        <circle key={cx} cx={cx} cy="247" r="6" className="fill-slate-400 dark:fill-slate-500" />
      ))}
      {/* boxes */}
      <rect x="300" y="206" width="34" height="30" rx="3" className="fill-amber-200 stroke-amber-700 dark:fill-amber-900 dark:stroke-amber-500" strokeWidth="2" />
      <rect x="342" y="212" width="28" height="24" rx="3" className="fill-amber-200 stroke-amber-700 dark:fill-amber-900 dark:stroke-amber-500" strokeWidth="2" />
      {/* pallet */}
      <rect x="40" y="250" width="110" height="12" rx="2" className="fill-amber-700 dark:fill-amber-600" />
      <rect x="48" y="218" width="44" height="32" rx="3" className="fill-amber-200 stroke-amber-700 dark:fill-amber-900 dark:stroke-amber-500" strokeWidth="2" />
      <rect x="96" y="218" width="44" height="32" rx="3" className="fill-amber-200 stroke-amber-700 dark:fill-amber-900 dark:stroke-amber-500" strokeWidth="2" />
      {/* robot: base, turret, arms, wrist, gripper */}
      <rect x="160" y="262" width="70" height="18" rx="4" className="fill-slate-700 dark:fill-slate-300" />
      <rect x="176" y="232" width="38" height="32" rx="6" className="fill-orange-700 dark:fill-orange-500" />
      <line x1="195" y1="238" x2="150" y2="140" strokeWidth="22" strokeLinecap="round" className="stroke-orange-600 dark:stroke-orange-400" />
      <circle cx="195" cy="238" r="14" className="fill-slate-800 dark:fill-slate-200" />
      <line x1="150" y1="140" x2="262" y2="110" strokeWidth="16" strokeLinecap="round" className="stroke-orange-600 dark:stroke-orange-400" />
      <circle cx="150" cy="140" r="12" className="fill-slate-800 dark:fill-slate-200" />
      <circle cx="262" cy="110" r="9" className="fill-slate-800 dark:fill-slate-200" />
      <line x1="262" y1="110" x2="300" y2="150" strokeWidth="10" strokeLinecap="round" className="stroke-slate-700 dark:stroke-slate-300" />
      <path d="M300 150 l-10 22 M300 150 l14 18" strokeWidth="6" strokeLinecap="round" className="stroke-slate-700 dark:stroke-slate-300" fill="none" />
      {/* motion path of the next pick */}
      <path d="M312 176 C 300 120, 140 90, 118 200" fill="none" strokeWidth="2" strokeDasharray="6 6" className="stroke-orange-700/60 dark:stroke-orange-300/60" />
    </svg>
  );
}
