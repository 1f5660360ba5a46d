// The carrier and the tracking number with the link the customer will get: the fields of the move
// to Shipped (order-fulfilment.tsx) and of a correction (tracking-dialog.tsx).
import {
  CARRIERS,
  type CarrierId,
  carrierName,
  MAX_TRACKING_NUMBER_LENGTH,
  trackingUrlFor,
} from "../../../worker/contracts/admin-orders";
import { SelectField, TextField } from "../../components/form-kit";
import type { FieldBinding } from "../../lib/use-form";

const CARRIER_OPTIONS = CARRIERS.map((carrier) => ({ value: carrier.id, label: carrier.name }));

/** The two fields, bound to a useForm of the caller's; the number optional after Shipped. */
export function TrackingFields({
  carrier,
  trackingNumber,
  optional,
}: {
  carrier: FieldBinding<string>;
  trackingNumber: FieldBinding<string>;
  optional?: boolean;
}) {
  const typed = trackingNumber.value.trim();
  const preview = typed ? trackingUrlFor(carrier.value as CarrierId, typed) : null;
  return (
    <div className="field-row">
      <SelectField label="Carrier" {...carrier} options={CARRIER_OPTIONS} />
      <TextField
        label="Tracking number"
        optional={optional}
        {...trackingNumber}
        maxLength={MAX_TRACKING_NUMBER_LENGTH}
        autoComplete="off"
        hint={
          preview ? (
            <>
              The customer’s link:{" "}
              <a
                href={preview}
                target="_blank"
                rel="noopener noreferrer"
                className="order-tracking-preview"
              >
                {preview}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </>
          ) : (
            `The customer gets the ${carrierName(carrier.value as CarrierId)} tracking link.`
          )
        }
      />
    </div>
  );
}
