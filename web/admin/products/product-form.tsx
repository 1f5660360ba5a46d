// The product's details: name, description, prices, organisation, flags and status, validated with
// the endpoint's own schema. New products also take an opening stock; an edit sends only the
// fields that changed (the Worker logs exactly those in the audit log).
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router-dom";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  type AdminCategoryDto,
  type AdminProductDto,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_VARIANT_LENGTH,
  PRODUCT_STATUSES,
  type ProductCreateInput,
  type ProductUpdateInput,
} from "../../../worker/contracts/admin-catalogue";
import { salePercent } from "../../../worker/contracts/money";
import {
  type Binding,
  CheckboxField,
  DollarsField,
  fieldMessage,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form-kit";
import { type Errors, useForm } from "../../lib/use-form";
import { type Load, useLoad } from "../../lib/use-load";
import { fetchCategories } from "../categories/api";
import { Card } from "../components/card";
import { ConfirmDialog } from "../components/confirm-dialog";
import { reportAdminFailure } from "../lib/admin-api";
import { PRODUCT_STATUS_WORDS, STATUS_HINTS } from "./product-status";
import {
  EMPTY_PRODUCT,
  ProductCreateForm,
  ProductEditForm,
  type ProductValues,
  typedDollars,
  typedTags,
  valuesOf,
} from "./product-values";

const STATUS_OPTIONS = PRODUCT_STATUSES.map((status) => ({
  value: status,
  label: PRODUCT_STATUS_WORDS[status].label,
}));

type ProductFormProps =
  | {
      mode: "create";
      product?: undefined;
      onSave: (input: ProductCreateInput) => Promise<void>;
    }
  | {
      mode: "edit";
      product: AdminProductDto;
      onSave: (input: ProductUpdateInput) => Promise<void>;
    };

const SAVE_FAILED = "The product could not be saved.";

/** The parsed body of a set of values, or null when they do not parse. */
function editBody(values: ProductValues): ProductUpdateInput | null {
  const parsed = v.safeParse(ProductEditForm, values);
  return parsed.success ? parsed.output : null;
}

/** Only what differs from the stored product. */
function changesOnly(input: ProductUpdateInput, stored: ProductValues): ProductUpdateInput {
  const before = editBody(stored) ?? {};
  return Object.fromEntries(
    Object.entries(input).filter(
      ([name, value]) =>
        JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[name]),
    ),
  ) as ProductUpdateInput;
}

export function ProductForm(props: ProductFormProps) {
  const { mode, product } = props;
  const stored = product ? valuesOf(product) : EMPTY_PRODUCT;
  const form = useForm<keyof ProductValues, ProductCreateInput | ProductUpdateInput>(
    stored,
    mode === "create" ? ProductCreateForm : ProductEditForm,
  );
  const categories = useLoad(fetchCategories, {
    failure: { fallback: "The categories could not be loaded.", toast: false },
  });
  const dirty = JSON.stringify(form.values) !== JSON.stringify(stored);
  // A saved (or archived) product comes back with a new updatedAt: the form shows it as stored.
  const updatedAt = product?.updatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the product resets the form
  useEffect(() => {
    if (product) form.reset(valuesOf(product));
  }, [updatedAt]);

  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const invalid = (found: Errors<keyof ProductValues>) => {
    // Not on sale, the sale price is the price: its field is hidden, and so is its error.
    const shown = Object.entries(found).filter(
      ([name, error]) => error && (name !== "finalPrice" || form.values.onSale === "true"),
    );
    const count = shown.length;
    toast.error(count === 1 ? "Check the highlighted field." : "Check the highlighted fields.");
  };

  const onSubmit = form.submit(async (input) => {
    try {
      if (props.mode === "create") {
        leaving.current = true;
        await props.onSave(input as ProductCreateInput);
        return;
      }
      const changes = changesOnly(input as ProductUpdateInput, stored);
      if (Object.keys(changes).length === 0) {
        toast.info("Nothing has changed.");
        return;
      }
      await props.onSave(changes);
    } catch (error) {
      leaving.current = false;
      if (!form.showServerErrors(error)) reportAdminFailure(error, SAVE_FAILED);
    }
  }, invalid);

  const onSale = form.values.onSale === "true";
  const original = typedDollars(form.values.originalPrice);
  const final = onSale ? typedDollars(form.values.finalPrice) : original;
  const percent =
    Number.isFinite(original) && Number.isFinite(final) ? salePercent(original, final) : 0;
  const tags = typedTags(form.values.tags);

  return (
    <form
      ref={form.formRef}
      className="product-form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Product details"
    >
      <div className="product-form-main">
        <Card title="Details">
          <TextField
            label="Name"
            {...form.field("name")}
            maxLength={MAX_PRODUCT_NAME_LENGTH}
            autoComplete="off"
          />
          <TextField
            label="Description"
            {...form.field("description")}
            multiline
            rows={7}
            maxLength={MAX_PRODUCT_DESCRIPTION_LENGTH}
            hint={`${form.values.description.length.toLocaleString("en-AU")} of ${MAX_PRODUCT_DESCRIPTION_LENGTH.toLocaleString("en-AU")} characters.`}
          />
        </Card>
        <Card title="Pricing">
          <DollarsField
            label="Price"
            {...form.field("originalPrice")}
            hint="Shelf price in Australian dollars, before GST: checkout adds GST (10%)."
          />
          <CheckboxField
            label="On sale"
            {...form.field("onSale")}
            hint="Sells for a sale price for now; the price stays as it is."
          />
          {onSale ? (
            <DollarsField
              label="Sale price"
              {...form.field("finalPrice")}
              hint={
                percent > 0
                  ? `Shoppers see ${percent}% off the price.`
                  : "Below the price, before GST: shoppers see both."
              }
            />
          ) : null}
        </Card>
        {mode === "edit" ? (
          <Card title="Stock alert">
            <LowStockField {...form.field("lowStockThreshold")} />
          </Card>
        ) : (
          <Card title="Stock">
            <div className="field-row">
              <TextField
                label="Opening stock"
                optional
                inputMode="numeric"
                autoComplete="off"
                {...form.field("stock")}
                hint="Units on the shelf now. Leave empty to not track stock."
              />
              <LowStockField {...form.field("lowStockThreshold")} />
            </div>
          </Card>
        )}
      </div>
      <div className="product-form-side">
        <Card title="Visibility">
          <SelectField
            label="Status"
            {...form.field("status")}
            options={STATUS_OPTIONS}
            hint={STATUS_HINTS[form.values.status as keyof typeof STATUS_HINTS]}
          />
        </Card>
        <Card title="Organisation">
          <CategoryField categories={categories} {...form.field("category")} />
          <TextField
            label="Tags"
            optional
            {...form.field("tags")}
            autoComplete="off"
            hint="Separated by commas. Related products share a category and a tag."
          />
          {tags.length > 0 ? (
            <ul className="admin-tags" aria-label="Tags as they will be saved">
              {tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          ) : null}
          <TextField
            label="Variant"
            optional
            {...form.field("variant")}
            maxLength={MAX_VARIANT_LENGTH}
            autoComplete="off"
            hint="Size, finish or colour, such as “1 litre” or “Hammered”."
          />
        </Card>
        <Card title="Badges">
          <CheckboxField
            label="Bestseller"
            {...form.field("bestseller")}
            hint="Listed under Best sellers on the home page."
          />
          <CheckboxField label="New" {...form.field("new")} hint="Marked as a new arrival." />
          <CheckboxField
            label="Premium"
            {...form.field("premium")}
            hint="In the Premium Collection."
          />
        </Card>
      </div>
      <div className={dirty ? "product-save-bar is-dirty" : "product-save-bar"}>
        <p className="product-save-state" aria-live="polite">
          {mode === "create" ? "New product" : dirty ? "Unsaved changes" : "All changes saved"}
        </p>
        {dirty && mode === "edit" ? (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => form.reset(stored)}
            disabled={form.sending}
          >
            Discard
          </button>
        ) : null}
        <SubmitButton sending={form.sending} sendingLabel="Saving…">
          {mode === "create" ? "Create product" : "Save"}
        </SubmitButton>
      </div>
      {blocker.state === "blocked" ? (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave and lose changes"
          cancelLabel="Stay"
          danger
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        >
          <p>The changes to this product have not been saved.</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function LowStockField(binding: Binding) {
  return (
    <TextField
      label="Low-stock alert at"
      inputMode="numeric"
      autoComplete="off"
      {...binding}
      hint={`Listed under Low stock when this many or fewer are left (0 to ${MAX_LOW_STOCK_THRESHOLD.toLocaleString("en-AU")}).`}
    />
  );
}

function CategoryField({
  categories,
  ...binding
}: Binding & { categories: Load<AdminCategoryDto[]> }) {
  if (categories.status === "failed") {
    return (
      <div className="field">
        <p className="field-label">Category</p>
        <p className="field-error" role="alert">
          {categories.message}{" "}
          <button type="button" className="admin-link-button" onClick={categories.reload}>
            Try again
          </button>
        </p>
      </div>
    );
  }
  const options =
    categories.status === "loaded"
      ? categories.data.map((category) => ({ value: category._id, label: category.name }))
      : [];
  return (
    <SelectField
      label="Category"
      {...binding}
      error={binding.error && humanizeCategory(binding.error)}
      options={options}
      placeholder={categories.status === "loading" ? "Loading categories…" : "Choose a category"}
      disabled={categories.status === "loading"}
    />
  );
}

/** The contract's "category must be the id of an existing category", as a person would say it. */
const humanizeCategory = (message: string) =>
  /^category must be the id/.test(message) ? "Choose a category." : fieldMessage(message);
