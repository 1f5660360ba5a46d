// Icons only the blog uses; decorative like the shared ones in components/icons.tsx.
import type { ReactNode } from "react";

function StrokeSvg({ children }: { children: ReactNode }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const GridIcon = () => (
  <StrokeSvg>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </StrokeSvg>
);

export const ListIcon = () => (
  <StrokeSvg>
    <rect x="4" y="5" width="5" height="5" rx="1.2" />
    <rect x="4" y="14" width="5" height="5" rx="1.2" />
    <path d="M12.5 6.5h7.5M12.5 9h5M12.5 15.5h7.5M12.5 18h5" />
  </StrokeSvg>
);

export const ArrowLeftIcon = () => (
  <StrokeSvg>
    <path d="M19 12H5m5-5-5 5 5 5" />
  </StrokeSvg>
);

export const ClockIcon = () => (
  <StrokeSvg>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </StrokeSvg>
);
