// Clicks and sales per day: a hand-made inline SVG (no chart library), named for screen readers
// by its aria-label and detailed day by day in a visually hidden table.
import { useId } from "react";
import type { CreatorDay } from "../../../../worker/contracts/account";
import { countOf, dayTotals, formatDay, scaleTop } from "../creator-stats";
import "./activity-chart.css";

export const EMPTY_ACTIVITY = "No clicks yet — share your link to get started.";

// viewBox units: one slot per day, 100 tall. The SVG stretches to its box (preserveAspectRatio
// none), so the text lives in HTML around it and strokes keep their width.
const SLOT = 10;
const HEIGHT = 100;
const MIN_BAR = 3;

/** A rule across the chart at `y`, one pixel thick however wide the chart is drawn. */
const Rule = ({ className, y, width }: { className: string; y: number; width: number }) => (
  <line className={className} x1={0} x2={width} y1={y} y2={y} vectorEffect="non-scaling-stroke" />
);

/** One count's bar in a day's slot, standing on the axis, `inset` from the slot's sides. */
const Bar = (props: { kind: "clicks" | "sales"; slot: number; inset: number; height: number }) => (
  <rect
    className={`activity-bar is-${props.kind}`}
    x={props.slot * SLOT + props.inset}
    y={HEIGHT - props.height}
    width={SLOT - 2 * props.inset}
    height={props.height}
  />
);

export function ActivityChart({ days }: { days: CreatorDay[] }) {
  const headingId = useId();
  const totals = dayTotals(days);
  const title = `Last ${days.length || 30} days`;
  const first = days[0];
  const last = days[days.length - 1];
  const empty = !first || !last || totals.clicks + totals.sales === 0;

  return (
    <section className="profile-card creator-activity" aria-labelledby={headingId}>
      <h2 id={headingId} className="creator-activity-title">
        {title}
      </h2>
      {empty ? (
        <p className="creator-activity-empty">{EMPTY_ACTIVITY}</p>
      ) : (
        <Chart days={days} totals={totals} from={first.date} to={last.date} />
      )}
    </section>
  );
}

interface ChartProps {
  days: CreatorDay[];
  totals: { clicks: number; sales: number };
  from: string;
  to: string;
}

function Chart({ days, totals, from, to }: ChartProps) {
  const top = scaleTop(Math.max(...days.map((day) => Math.max(day.clicks, day.sales))));
  const height = (n: number) => (n > 0 ? Math.max(MIN_BAR, (n / top) * HEIGHT) : 0);
  const width = days.length * SLOT;
  const label = `Clicks and sales per day, ${formatDay(from)} to ${formatDay(to)}: ${countOf(
    totals.clicks,
    "click",
  )} and ${countOf(totals.sales, "sale")} in total.`;

  return (
    <div className="activity">
      <ul className="activity-legend" aria-hidden="true">
        <li>
          <span className="activity-swatch is-clicks" />
          Clicks {totals.clicks.toLocaleString("en-AU")}
        </li>
        <li>
          <span className="activity-swatch is-sales" />
          Sales {totals.sales.toLocaleString("en-AU")}
        </li>
      </ul>
      <div className="activity-plot">
        <div className="activity-scale" aria-hidden="true">
          <span>{top.toLocaleString("en-AU")}</span>
          <span>0</span>
        </div>
        <svg
          className="activity-svg"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={label}
        >
          {[0, HEIGHT / 2].map((y) => (
            <Rule key={y} className="activity-grid" y={y} width={width} />
          ))}
          {days.map((day, i) => (
            <g key={day.date} className="activity-day">
              <title>{`${formatDay(day.date)}: ${countOf(day.clicks, "click")}, ${countOf(
                day.sales,
                "sale",
              )}`}</title>
              <rect className="activity-hit" x={i * SLOT} y={0} width={SLOT} height={HEIGHT} />
              <Bar kind="clicks" slot={i} inset={1} height={height(day.clicks)} />
              <Bar kind="sales" slot={i} inset={3} height={height(day.sales)} />
            </g>
          ))}
          <Rule className="activity-axis-line" y={HEIGHT} width={width} />
        </svg>
        <div className="activity-dates" aria-hidden="true">
          <span>{formatDay(from)}</span>
          <span>{formatDay(to)}</span>
        </div>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Clicks and sales per day</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Clicks</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date, true)}</th>
                <td>{day.clicks}</td>
                <td>{day.sales}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
