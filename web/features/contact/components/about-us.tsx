import type { ReactNode } from "react";
import { Glyph } from "../../../components/icons";
import "./about-us.css";

const glyph = (children: ReactNode) => (
  <Glyph className="about-glyph" weight="1.6">
    {children}
  </Glyph>
);

const ABOUT = [
  {
    id: "mission",
    title: "Our mission",
    glyph: glyph(
      <path d="M12 3.5c3.2 4 5.5 7.2 5.5 10.3a5.5 5.5 0 0 1-11 0c0-3.1 2.3-6.3 5.5-10.3z" />,
    ),
    body: (
      <p>
        To bring the quiet rituals of an Indian home (water kept overnight in copper, a diya lit at
        dusk, a chime that sings at the door) into homes across Australia, through pieces made
        honestly by the people whose craft it is. Every order keeps a family workshop busy and a
        centuries-old skill in daily use.
      </p>
    ),
  },
  {
    id: "story",
    title: "Our story",
    glyph: glyph(
      <path d="m12 3 2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.5l-5.4 3 1.2-6-4.5-4.2 6.1-.7z" />,
    ),
    body: (
      <>
        <p>
          Tamra &amp; Tara began at a kitchen table in Brisbane, with one hammered copper bottle
          carried home from a family visit to India and a string of friends asking where to find
          one. <em>Tamra</em> is Sanskrit for copper; <em>Tara</em> means star, a guiding light.
        </p>
        <p>
          Today we work directly with artisans in Moradabad, India&rsquo;s brass city; in Jaipur,
          where wall hangings and torans are stitched and painted by hand; and in Varanasi, where
          metalworkers have shaped puja vessels for generations. We choose every piece ourselves and
          pack each order in Brisbane.
        </p>
      </>
    ),
  },
  {
    id: "promise",
    title: "Our promise",
    glyph: glyph(
      <>
        <path d="M12 20.5s-7.5-4.4-7.5-10A4.2 4.2 0 0 1 12 8a4.2 4.2 0 0 1 7.5 2.5c0 5.6-7.5 10-7.5 10z" />
        <path d="m9.3 12.6 1.9 1.9 3.6-3.7" />
      </>,
    ),
    body: (
      <p>
        Handmade means no two pieces are quite alike: a hammer mark or a shift in colour is the
        maker&rsquo;s signature, not a flaw. If something isn&rsquo;t right, our 30-day satisfaction
        guarantee gives you a full refund or an exchange, whichever you prefer. Orders leave
        Brisbane promptly and arrive anywhere in Australia in 3-7 business days.
      </p>
    ),
  },
] as const;

export function AboutUs() {
  return (
    <div className="about-grid">
      {ABOUT.map(({ id, title, glyph: icon, body }) => (
        <section key={id} className={`about-card is-${id}`} aria-labelledby={`about-${id}`}>
          {icon}
          <h2 id={`about-${id}`} className="about-title">
            {title}
          </h2>
          <div className="about-body">{body}</div>
        </section>
      ))}
    </div>
  );
}
