// The pause and play button of the home screen's moving parts (the hero's slides, the banner).
import { PauseIcon, PlayIcon } from "./home-icons";

interface MotionToggleProps {
  paused: boolean;
  onToggle: () => void;
  className: string;
  /** What moves, for the label: "the scrolling banner". */
  what: string;
}

export function MotionToggle({ paused, onToggle, className, what }: MotionToggleProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label={`${paused ? "Play" : "Pause"} ${what}`}
      onClick={onToggle}
    >
      {paused ? <PlayIcon /> : <PauseIcon />}
    </button>
  );
}
