// The key that makes one refund of a double click, how refund amounts read, and what an order's
// panels and dialogs are given.
import { useState } from "react";
import { type AdminOrderDto, ORDER_ADMIN_MESSAGES } from "../../../worker/contracts/admin-orders";
import { ApiError } from "../../lib/api-client";

/** What an order's panel is given: the order, and where the order goes once a change is saved. */
export interface OrderPanelProps {
  order: AdminOrderDto;
  onOrder: (order: AdminOrderDto) => void;
}

/** An order's dialog: a panel that closes. */
export interface OrderDialogProps extends OrderPanelProps {
  onClose: () => void;
}

/**
 * The request key of one opening of a refund or cancellation dialog: the same for every submit,
 * until a refusal spends it (isKeySpent), after which the next submit is a new request.
 */
export function useRequestKey() {
  const [key, setKey] = useState(newRequestKey);
  return {
    key,
    renewIfSpent: (error: unknown) => {
      if (isKeySpent(error)) setKey(newRequestKey());
    },
  };
}

/**
 * A fresh key for one refund or cancellation (the contract's 8 to 64 of [A-Za-z0-9_-]): 32 hex
 * digits from the browser's random source, which unlike randomUUID needs no secure context.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a failed refund or cancellation ended its key's use: the Worker refused it outright (a
 * 4xx: too much, Stripe said no, not allowed), so nothing under the key is still under way and the
 * next attempt may be a new request. A lost answer, a 5xx or "in progress" keep the key, so that
 * trying again finishes that one request and cannot pay twice.
 */
export const isKeySpent = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.serverMessage !== ORDER_ADMIN_MESSAGES.refundInProgress;

/** "49.9" reads "49.90": an amount field shows money. */
export const amountText = (dollars: number): string => dollars.toFixed(2);
