// The marketing side of /creator-signup (SPEC.md section 2): why join, and how it works in four steps.
import { Points } from "./auth-layout";

const BENEFITS = [
  ["Your own affiliate code", "Shoppers save on their order, and you earn on every sale."],
  ["Live stats", "Clicks, sales and earnings on your creator profile."],
  ["Pieces worth sharing", "Copper, brass and textiles handcrafted in India."],
] as const;

const STEPS = [
  ["Apply", "Tell us about you and where you share."],
  ["Get approved", "We review applications within a week."],
  ["Share your code", "Post your link or code with your audience."],
  ["Earn", "Commission on every sale made with your code."],
] as const;

export function CreatorPitch() {
  return (
    <>
      <p className="eyebrow">Creator programme</p>
      <h2 className="auth-aside-title">Share what you love, earn as you go.</h2>
      <Points items={BENEFITS} className="auth-promises" />
      <h3 className="creator-steps-title">How it works</h3>
      <Points items={STEPS} className="creator-steps" ordered />
    </>
  );
}
