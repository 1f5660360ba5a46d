// An order's lines: picture, name, quantity and unit price; on the orders page each also links
// to its product (SPEC.md section 2).
import { Link } from "react-router-dom";
import { formatDollars } from "../../../../worker/contracts/money";
import type { OrderItemDto } from "../../../../worker/contracts/order";
import { paths } from "../../../lib/paths";
import "./order-items.css";

interface OrderItemsProps {
  items: OrderItemDto[];
  /** Adds a View Product link to each line. */
  withLinks?: boolean;
}

export function OrderItems({ items, withLinks = false }: OrderItemsProps) {
  return (
    <ul className="order-items" aria-label="Items">
      {items.map((item, index) => {
        const id = item.id || item._id;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a product may appear on two lines.
          <li key={`${id}-${index}`} className="order-item">
            <span className="order-item-image thumb">
              {item.image ? (
                <img src={item.image} alt="" width={64} height={64} loading="lazy" />
              ) : null}
            </span>
            <span className="order-item-info">
              <span className="order-item-name">{item.name || "Product"}</span>
              <span className="order-item-meta">
                Qty {item.quantity} · {formatDollars(item.price)} each
              </span>
            </span>
            {withLinks && id ? (
              <Link to={paths.product(id)} className="button button-ghost order-item-link">
                View Product<span className="visually-hidden">: {item.name || "Product"}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
