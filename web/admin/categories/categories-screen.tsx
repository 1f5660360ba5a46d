// Categories: the list with each one's picture and product count; create, rename, describe and
// re-picture (products follow a rename: they hold the category's id). A picture is one already in
// the shop's storage, chosen from the products' photos.
import { useState } from "react";
import { toast } from "react-toastify";
import {
  type AdminCategoryDto,
  type CategoryCreateInput,
  CategoryCreateSchema,
  type CategoryUpdateInput,
  CategoryUpdateSchema,
  MAX_CATEGORY_DESCRIPTION_LENGTH,
  MAX_CATEGORY_NAME_LENGTH,
} from "../../../worker/contracts/admin-catalogue";
import { FormActions, TextField } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { useLoad } from "../../lib/use-load";
import { DataList } from "../components/data-list";
import { PageHeader } from "../components/page-header";
import { Thumb } from "../components/thumb";
import { reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { createCategory, fetchCategories, updateCategory } from "./api";
import { type Picture, PicturePicker } from "./picture-picker";
import "./categories.css";
import { Card } from "../components/card";

type CategoryValues = { name: string; description: string; imageKey: string };

const field = (values: Record<string, string>, name: keyof CategoryValues) => values[name] ?? "";

/** The body: a category without a picture yet sends no imageKey (an empty key is refused). */
function categoryBody(values: Record<string, string>) {
  const imageKey = field(values, "imageKey");
  return {
    name: field(values, "name"),
    description: field(values, "description"),
    ...(imageKey ? { imageKey } : {}),
  };
}

const CategoryCreateForm = formSchema(categoryBody, CategoryCreateSchema);
const CategoryUpdateForm = formSchema(categoryBody, CategoryUpdateSchema);

export function CategoriesScreen() {
  useAdminTitle("Categories");
  const list = useLoad(fetchCategories, {
    failure: { fallback: "The categories could not be loaded.", toast: false },
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const saved = (category: AdminCategoryDto) => {
    if (list.status !== "loaded") return;
    const known = list.data.some((c) => c._id === category._id);
    list.replace(
      known
        ? list.data.map((c) => (c._id === category._id ? category : c))
        : [...list.data, category],
    );
  };

  return (
    <div className="admin-screen">
      <PageHeader
        title="Categories"
        actions={
          creating ? null : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setCreating(true);
                setEditing(null);
              }}
            >
              New category
            </button>
          )
        }
      >
        <p className="admin-muted">
          The storefront's category tiles, filters and footer list them in this order.
        </p>
      </PageHeader>
      {creating ? (
        <Card title="New category">
          <CategoryForm
            onSaved={(category) => {
              saved(category);
              setCreating(false);
              toast.success(`Category “${category.name}” created`);
            }}
            onCancel={() => setCreating(false)}
          />
        </Card>
      ) : null}
      <DataList
        list={list}
        noun="category"
        nouns="categories"
        rows={(categories) => categories}
        empty={() => ({ title: "No categories yet." })}
      >
        {(categories) => (
          <ul className="category-list">
            {categories.map((category) => (
              <li key={category._id} className="admin-card category-item">
                {editing === category._id ? (
                  <CategoryForm
                    category={category}
                    onSaved={(updated) => {
                      saved(updated);
                      setEditing(null);
                      toast.success(`Category “${updated.name}” saved`);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <Thumb src={category.image} size={72} />
                    <div className="category-text">
                      <h2 className="category-name">{category.name}</h2>
                      {category.description ? <p>{category.description}</p> : null}
                      <p className="admin-muted">{plural(category.productCount, "product")}</p>
                    </div>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      onClick={() => {
                        setEditing(category._id);
                        setCreating(false);
                      }}
                    >
                      Edit<span className="visually-hidden"> {category.name}</span>
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </DataList>
    </div>
  );
}

function CategoryForm({
  category,
  onSaved,
  onCancel,
}: {
  category?: AdminCategoryDto;
  onSaved: (category: AdminCategoryDto) => void;
  onCancel: () => void;
}) {
  const stored: CategoryValues = {
    name: category?.name ?? "",
    description: category?.description ?? "",
    imageKey: category?.imageKey ?? "",
  };
  const form = useForm<keyof CategoryValues, CategoryCreateInput | CategoryUpdateInput>(
    stored,
    category ? CategoryUpdateForm : CategoryCreateForm,
  );
  const [picture, setPicture] = useState<Picture | null>(
    category?.image ? { key: category.imageKey, url: category.image } : null,
  );
  const onSubmit = form.submit(async (input) => {
    try {
      if (!category) {
        onSaved(await createCategory(input as CategoryCreateInput));
        return;
      }
      // Only what changed: the audit log records exactly that.
      const changes = Object.fromEntries(
        Object.entries(input).filter(
          ([name, value]) => value !== stored[name as keyof CategoryValues],
        ),
      ) as CategoryUpdateInput;
      if (Object.keys(changes).length === 0) {
        onCancel();
        return;
      }
      onSaved(await updateCategory(category._id, changes));
    } catch (error) {
      if (!form.showServerErrors(error))
        reportAdminFailure(error, "The category could not be saved.");
    }
  });

  const pick = (next: Picture) => {
    setPicture(next);
    form.reset({ ...form.values, imageKey: next.key });
  };

  return (
    <form ref={form.formRef} className="form category-form" noValidate onSubmit={onSubmit}>
      <div className="category-form-picture">
        <Thumb src={picture?.url} size={96} />
        <PicturePicker onPick={pick} label={picture ? "Change picture" : "Choose a picture"} />
        {form.errors.imageKey ? <p className="field-error">{form.errors.imageKey}</p> : null}
      </div>
      <div className="category-form-fields">
        <TextField
          label="Name"
          {...form.field("name")}
          maxLength={MAX_CATEGORY_NAME_LENGTH}
          autoComplete="off"
          hint={category ? "Renaming keeps its products in it." : undefined}
        />
        <TextField
          label="Description"
          optional
          multiline
          rows={3}
          {...form.field("description")}
          maxLength={MAX_CATEGORY_DESCRIPTION_LENGTH}
        />
        <FormActions sending={form.sending} sendingLabel="Saving…" onCancel={onCancel}>
          {category ? "Save category" : "Create category"}
        </FormActions>
      </div>
    </form>
  );
}
