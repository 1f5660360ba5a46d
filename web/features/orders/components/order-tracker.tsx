// The five-step delivery tracker (SPEC.md section 4). The status matches a step whatever its case;
// steps up to and including it are done, and the threads leading to it are filled. A status the
// tracker does not know leaves every step open.

import { TRACKER_STEPS } from "../../../../worker/contracts/order";
import { Beads } from "../../../components/beads";
import "./order-tracker.css";

/** The step the status names, or -1. */
export const trackerIndex = (status: string): number => {
  const wanted = status.trim().toLowerCase();
  return TRACKER_STEPS.findIndex((step) => step.toLowerCase() === wanted);
};

const STEPS = TRACKER_STEPS.map((step) => ({ key: step, label: step }));

export function OrderTracker({ status }: { status: string }) {
  return (
    <Beads
      steps={STEPS}
      at={trackerIndex(status)}
      currentDone
      className="order-tracker"
      aria-label="Delivery progress"
    />
  );
}
