// The cart's item rows: picture, name, unit price, a 1..10 quantity selector, line total, remove.
import { Link } from "react-router-dom";
import {
  type CartItem,
  MAX_CART_QUANTITY,
  MIN_CART_QUANTITY,
} from "../../../../worker/contracts/cart";
import { formatCents, formatDollars } from "../../../../worker/contracts/money";
import { lineCents } from "../../../../worker/contracts/totals";
import { StrokeIcon } from "../../../components/icons";
import { paths } from "../../../lib/paths";
import { clampQuantity } from "../guest-cart";
import type { StockProblems } from "../use-stock-problems";
import "./cart-lines.css";

const QUANTITIES = Array.from(
  { length: MAX_CART_QUANTITY - MIN_CART_QUANTITY + 1 },
  (_, index) => MIN_CART_QUANTITY + index,
);

const TrashIcon = () => (
  <StrokeIcon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </StrokeIcon>
);

interface CartLinesProps {
  lines: CartItem[];
  /** Lines that cannot be bought as they are, with why. */
  problems: StockProblems;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
}

function CartLine({
  line,
  problem,
  onQuantity,
  onRemove,
}: { line: CartItem; problem: string | undefined } & Omit<CartLinesProps, "lines" | "problems">) {
  const { _id: id, name, price, quantity, image } = line;
  const selectId = `cart-quantity-${id}`;
  const problemId = `cart-stock-${id}`;
  return (
    <li className={problem ? "cart-line has-problem" : "cart-line"}>
      <Link
        to={paths.product(id)}
        className="cart-line-image thumb"
        tabIndex={-1}
        aria-hidden="true"
      >
        {image ? <img src={image} alt="" width={96} height={96} loading="lazy" /> : null}
      </Link>
      <div className="cart-line-info">
        <Link to={paths.product(id)} className="cart-line-name">
          {name || "Product"}
        </Link>
        <p className="cart-line-price">{formatDollars(price)} each</p>
        {problem ? (
          <p id={problemId} className="cart-line-problem">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="cart-line-quantity">
        <label htmlFor={selectId} className="visually-hidden">
          Quantity of {name || "this product"}
        </label>
        <select
          id={selectId}
          aria-describedby={problem ? problemId : undefined}
          value={clampQuantity(quantity)}
          onChange={(event) => onQuantity(id, Number(event.target.value))}
        >
          {QUANTITIES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <p className="cart-line-total">{formatCents(lineCents(line))}</p>
      <button
        type="button"
        className="cart-line-remove"
        aria-label={`Remove ${name || "this product"}`}
        onClick={() => onRemove(id)}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

export function CartLines({ lines, problems, onQuantity, onRemove }: CartLinesProps) {
  return (
    <ul className="cart-lines" aria-label="Items in your cart">
      {lines.map((line) => (
        <CartLine
          key={line._id}
          line={line}
          problem={problems.get(line._id)}
          onQuantity={onQuantity}
          onRemove={onRemove}
        />
      ))}
    </ul>
  );
}
