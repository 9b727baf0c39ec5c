import type { Category } from './api/get-categories';

const isOther = (text: string) => text.trim().toLowerCase() === 'other';

/** The Business Category options: sub_category as label, _id as value, a single 'other'. */
export function categoryOptions(categories: Category[]) {
  let otherOffered = false;
  return categories.flatMap((category) => {
    if (isOther(category.sub_category)) {
      if (otherOffered) return [];
      otherOffered = true;
    }
    return [{ value: category._id, label: category.sub_category }];
  });
}

/**
 * What POST /organisation gets for the chosen option: `category` is its label, `category_id` its
 * _id — except for 'other', whose id is the entry whose name and sub_category are both 'other'.
 */
export function categoryPayload(categories: Category[], chosenId: string): { category: string; category_id: string } | null {
  const chosen = categories.find((category) => category._id === chosenId);
  if (!chosen) return null;
  if (!isOther(chosen.sub_category)) return { category: chosen.sub_category, category_id: chosen._id };
  const other = categories.find((category) => isOther(category.name) && isOther(category.sub_category));
  return { category: chosen.sub_category, category_id: (other ?? chosen)._id };
}
