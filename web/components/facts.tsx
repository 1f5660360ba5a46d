// Facts as a description list: each a term above (or beside) its value, styled by the list's own
// class. A fact given as false or null is left out, so a list can hold facts that may not apply.
import type { ReactNode } from "react";

/** A term, its value, the class of its row (a total in bold) and of its value (a refund in red). */
export interface Fact {
  term: ReactNode;
  value: ReactNode;
  className?: string | undefined;
  valueClass?: string | undefined;
}

export function Facts({
  facts,
  className,
  valueClass,
}: {
  facts: readonly (Fact | false | null | undefined)[];
  className: string;
  /** Every value's class (figures set in numerals). */
  valueClass?: string;
}) {
  return (
    <dl className={className}>
      {facts.map((fact, index) =>
        fact ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fact's place is its identity here
          <div key={index} className={fact.className}>
            <dt>{fact.term}</dt>
            <dd className={fact.valueClass ?? valueClass}>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
