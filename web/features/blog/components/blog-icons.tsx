// Icons only the blog uses; decorative like the shared ones in components/icons.tsx.
import { StrokeIcon } from "../../../components/icons";

export const GridIcon = () => (
  <StrokeIcon>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </StrokeIcon>
);

export const ListIcon = () => (
  <StrokeIcon>
    <rect x="4" y="5" width="5" height="5" rx="1.2" />
    <rect x="4" y="14" width="5" height="5" rx="1.2" />
    <path d="M12.5 6.5h7.5M12.5 9h5M12.5 15.5h7.5M12.5 18h5" />
  </StrokeIcon>
);

export const ArrowLeftIcon = () => (
  <StrokeIcon>
    <path d="M19 12H5m5-5-5 5 5 5" />
  </StrokeIcon>
);

export const ClockIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </StrokeIcon>
);
