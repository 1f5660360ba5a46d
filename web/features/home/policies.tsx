import { ChatIcon, LeafIcon, ShieldIcon, TruckIcon } from "./home-icons";
import "../../components/shapes.css";
import "./policies.css";

/** Keeps a range such as "3–7" on one line: a line may otherwise break after the dash. */
const range = (from: number, to: number) => `${from}\u2013\u2060${to}`;

/** SPEC.md section 9: delivery, reply and guarantee terms. */
export const POLICIES = [
  {
    Icon: TruckIcon,
    title: "Fast delivery",
    text: `Australia-wide in ${range(3, 7)} business days, packed with care in Brisbane.`,
  },
  {
    Icon: ChatIcon,
    title: "Friendly support",
    text: `Questions about a piece or an order? We reply within ${range(1, 2)} business days.`,
  },
  {
    Icon: ShieldIcon,
    title: "Satisfaction guarantee",
    text: "A 30-day guarantee: love your piece, or get a full refund or an exchange.",
  },
  {
    Icon: LeafIcon,
    title: "Eco-friendly",
    text: "Plastic-free packing, recycled cartons and natural materials made to last.",
  },
] as const;

export function Policies() {
  return (
    <section className="section policies" aria-labelledby="policies-heading">
      <h2 id="policies-heading" className="visually-hidden">
        Our promises
      </h2>
      <ul className="policy-list grid-list">
        {POLICIES.map(({ Icon, title, text }) => (
          <li key={title} className="policy">
            <span className="policy-icon">
              <Icon />
            </span>
            <h3 className="policy-title">{title}</h3>
            <p className="policy-text">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
