import { CATEGORY_NAMES } from '../../../lib/catalog';
import { PRODUCT_LABELS as L, subcategoriesOf } from '../../../lib/product-rules';
import { invalidAttrs } from './editor-logic';
import { Field } from './Field';
import type { Draft, Problems } from './product-draft';

/** What the product is: its name, description, category and subcategory. */
export function AboutSection({
  draft,
  problems,
  set,
  chooseCategory,
}: {
  draft: Draft;
  problems: Problems;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  chooseCategory: (category: string) => void;
}) {
  const subcategories = subcategoriesOf(draft.category);
  const invalid = (key: string) => invalidAttrs(problems, key);
  return (
    <div className="card flex flex-col gap-4 p-4 sm:p-5">
      <Field id="name" label={L.name} error={problems.name}>
        <input
          id="name"
          className="input"
          value={draft.name}
          maxLength={200}
          required
          onChange={(e) => set('name', e.target.value)}
          {...invalid('name')}
        />
      </Field>
      <Field id="description" label={L.description} error={problems.description}>
        <textarea
          id="description"
          className="input min-h-28 py-2"
          value={draft.description}
          maxLength={5000}
          onChange={(e) => set('description', e.target.value)}
          {...invalid('description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="category" label={L.category} error={problems.category}>
          <select
            id="category"
            className="input"
            value={draft.category}
            required
            onChange={(e) => chooseCategory(e.target.value)}
            {...invalid('category')}
          >
            <option value="">Choose a category</option>
            {CATEGORY_NAMES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field id="subcategory" label={L.subcategory} error={problems.subcategory}>
          <select
            id="subcategory"
            className="input"
            value={draft.subcategory}
            required
            disabled={subcategories.length === 0}
            onChange={(e) => set('subcategory', e.target.value)}
            {...invalid('subcategory')}
          >
            <option value="">{subcategories.length ? 'Choose a subcategory' : 'Choose a category first'}</option>
            {subcategories.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </div>
  );
}
