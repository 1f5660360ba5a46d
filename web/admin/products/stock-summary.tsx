// A product's stock in one line: what is left to sell, what is on the shelf, and a badge when it
// is sold out or at its low-stock threshold.
import type { StockDto } from "../../../worker/contracts/stock";
import { Pill } from "../components/pill";

export type StockLevel = "untracked" | "sold-out" | "low" | "ok";

export function stockLevel(stock: StockDto, lowStockThreshold?: number): StockLevel {
  if (stock.onHand === null) return "untracked";
  const available = stock.available ?? 0;
  if (available === 0) return "sold-out";
  if (lowStockThreshold !== undefined && available <= lowStockThreshold) return "low";
  return "ok";
}

export function StockBadge({ level }: { level: StockLevel }) {
  if (level === "sold-out") return <Pill tone="danger">Sold out</Pill>;
  if (level === "low") return <Pill tone="new">Low</Pill>;
  return null;
}

export function StockSummary({
  stock,
  lowStockThreshold,
}: {
  stock: StockDto;
  lowStockThreshold?: number;
}) {
  const level = stockLevel(stock, lowStockThreshold);
  if (level === "untracked") return <span className="admin-stock is-untracked">Not tracked</span>;
  return (
    <span className="admin-stock">
      <span>
        <strong>{stock.available ?? 0}</strong> available
      </span>
      <span className="admin-stock-detail">
        {stock.onHand} on hand
        {stock.reserved > 0 ? ` · ${stock.reserved} in checkouts` : ""}
      </span>
      <StockBadge level={level} />
    </span>
  );
}
