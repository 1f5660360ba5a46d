// Icons only the home screen uses. Decorative like the shared ones: the text beside them or the
// control around them carries the meaning.
import { FilledIcon, StrokeIcon } from "../../components/icons";

export const PauseIcon = () => (
  <FilledIcon>
    <rect x="6.5" y="5" width="4" height="14" rx="1" />
    <rect x="13.5" y="5" width="4" height="14" rx="1" />
  </FilledIcon>
);

export const PlayIcon = () => (
  <FilledIcon>
    <path d="M8 5.2v13.6a.8.8 0 0 0 1.2.7l10.4-6.8a.8.8 0 0 0 0-1.4L9.2 4.5a.8.8 0 0 0-1.2.7z" />
  </FilledIcon>
);

export const StarIcon = () => (
  <FilledIcon>
    <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
  </FilledIcon>
);

export const TruckIcon = () => (
  <StrokeIcon>
    <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3.2v2.8h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </StrokeIcon>
);

export const ChatIcon = () => (
  <StrokeIcon>
    <path d="M4 5.5h16v10H10l-4.5 3.5v-3.5H4z" />
    <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" strokeWidth="2.4" />
  </StrokeIcon>
);

export const ShieldIcon = () => (
  <StrokeIcon>
    <path d="M12 3 4.5 6v5.5c0 4.4 3.1 8.3 7.5 9.5 4.4-1.2 7.5-5.1 7.5-9.5V6z" />
    <path d="m8.8 12 2.2 2.2 4.4-4.4" />
  </StrokeIcon>
);

export const LeafIcon = () => (
  <StrokeIcon>
    <path d="M5 19c0-8 5-13.5 15-14-.3 9.8-5.8 15-14 15" />
    <path d="M5 19c2.5-4 5.5-7 9.5-9.5" />
  </StrokeIcon>
);

/** A small lotus bud used as the banner's separator. */
export const BudIcon = () => (
  <FilledIcon>
    <path d="M12 4c2.6 2.6 3.3 8.1 0 12.3C8.7 12.1 9.4 6.6 12 4zM12 18.5c-4-.3-6.9-3.1-7.6-7.4 3.5.5 6.4 3.1 7.6 7.4zm0 0c4-.3 6.9-3.1 7.6-7.4-3.5.5-6.4 3.1-7.6 7.4z" />
  </FilledIcon>
);
