// Inline SVG icons: no icon font or sprite request, and they inherit the text colour.
// Every icon is decorative (aria-hidden); the link or button around it carries the label.
import type { ReactNode } from "react";

interface IconProps {
  className?: string;
}

/** An inline 24-unit drawing, hidden from assistive technology: lines (weight) or filled. */
export function Glyph({
  className,
  filled,
  weight = "1.8",
  children,
}: IconProps & { filled?: boolean; weight?: string; children: ReactNode }) {
  const paint = filled
    ? { fill: "currentColor" }
    : {
        fill: "none",
        stroke: "currentColor",
        strokeWidth: weight,
        strokeLinecap: "round" as const,
        strokeLinejoin: "round" as const,
      };
  return (
    <svg className={className} viewBox="0 0 24 24" {...paint} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const iconClass = (className: string | undefined) => (className ? `icon ${className}` : "icon");

/** The base of every line icon in the shop; feature icon sets build on it too. */
export const StrokeIcon = ({ className, children }: IconProps & { children: ReactNode }) => (
  <Glyph className={iconClass(className)}>{children}</Glyph>
);

export const FilledIcon = ({ className, children }: IconProps & { children: ReactNode }) => (
  <Glyph className={iconClass(className)} filled>
    {children}
  </Glyph>
);

export const SearchIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </StrokeIcon>
);

export const UserIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c.8-3.8 3.9-6 7.5-6s6.7 2.2 7.5 6" />
  </StrokeIcon>
);

export const BagIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M5.5 8h13l-1.1 12.5h-10.8z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </StrokeIcon>
);

export const MenuIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </StrokeIcon>
);

export const CloseIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m6 6 12 12M18 6 6 18" />
  </StrokeIcon>
);

export const ArrowRightIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M5 12h14m-5-5 5 5-5 5" />
  </StrokeIcon>
);

export const InstagramIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </StrokeIcon>
);

export const FacebookIcon = (props: IconProps) => (
  <FilledIcon {...props}>
    <path d="M13.6 21.5v-7.8h2.7l.4-3.2h-3.1V8.5c0-.9.3-1.6 1.6-1.6h1.6V4.1a22 22 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.4H7.7v3.2h2.7v7.8z" />
  </FilledIcon>
);

export const TikTokIcon = (props: IconProps) => (
  <FilledIcon {...props}>
    <path d="M16.3 3c.4 2.3 1.9 3.8 4.2 4v3.1a7.2 7.2 0 0 1-4.1-1.3v6.4a5.7 5.7 0 1 1-5.7-5.7l.9.1v3.2a2.5 2.5 0 1 0 1.6 2.4V3z" />
  </FilledIcon>
);

/** The shop's lotus mark: saffron heart between two copper petals over a vessel rim. */
export const LotusMark = (props: IconProps) => (
  <svg
    className={props.className ? `lotus-mark ${props.className}` : "lotus-mark"}
    viewBox="0 0 32 32"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M16 21.5c-5.2-.4-9-4-10-9.6 4.6.7 8.4 4 10 9.6z" fill="#B87333" />
    <path d="M16 21.5c5.2-.4 9-4 10-9.6-4.6.7-8.4 4-10 9.6z" fill="#B87333" />
    <path d="M16 4.5c3.6 3.6 4.6 11.2 0 17-4.6-5.8-3.6-13.4 0-17z" fill="#F4A300" />
    <path
      d="M7.5 24.5h17M10 27.5c3.8 1.4 8.2 1.4 12 0"
      fill="none"
      stroke="#B87333"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </svg>
);
