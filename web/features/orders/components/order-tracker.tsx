// The five-step delivery tracker (SPEC.md section 4). The status matches a step whatever its case;
// steps up to and including it are done, and the threads leading to it are filled. A status the
// tracker does not know leaves every step open.
import { TRACKER_STEPS } from "../../../../worker/contracts/order";
import "./order-tracker.css";

/** The step the status names, or -1. */
export const trackerIndex = (status: string): number => {
  const wanted = status.trim().toLowerCase();
  return TRACKER_STEPS.findIndex((step) => step.toLowerCase() === wanted);
};

export function OrderTracker({ status }: { status: string }) {
  const at = trackerIndex(status);
  return (
    <ol className="order-tracker" aria-label="Delivery progress">
      {TRACKER_STEPS.map((step, index) => {
        const done = index <= at;
        const classes = [
          "order-tracker-step",
          done ? "is-done" : "",
          index === at ? "is-current" : "",
        ];
        // The thread into this step is filled when the step is reached.
        if (index > 0 && done) classes.push("is-linked");
        return (
          <li
            key={step}
            className={classes.filter(Boolean).join(" ")}
            aria-current={index === at ? "step" : undefined}
          >
            <span className="order-tracker-mark" aria-hidden="true">
              {done ? "✓" : index + 1}
            </span>
            <span className="order-tracker-label">{step}</span>
            {done ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
