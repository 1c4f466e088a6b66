import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { multiLineText, singleLineText } from './text.ts';

/** A catalogue category as GET /api/categories lists it (issue 24). */
export const CategorySchema = z.object({
  _id: IdSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** How many products it holds. */
  productCount: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.array(CategorySchema);

export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 300;
export const CATEGORY_SLUG_MAX = 60;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Slug may contain only lower-case letters, digits and single dashes';

/** The URL name of a category: "Drills & Drivers" → "drills-drivers". */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX)
    .replace(/-+$/, '');
}

/** POST /api/categories and PUT /api/categories/{id}; an empty slug is made from the name. */
export const CategoryBodySchema = z.object({
  name: singleLineText('Name', { required: 'Name is required' }).max(
    CATEGORY_NAME_MAX,
    `Name must be at most ${CATEGORY_NAME_MAX} characters`,
  ),
  slug: singleLineText('Slug')
    .max(CATEGORY_SLUG_MAX, `Slug must be at most ${CATEGORY_SLUG_MAX} characters`)
    .refine((slug) => slug === '' || SLUG.test(slug), SLUG_MESSAGE)
    .default(''),
  description: multiLineText('Description')
    .max(
      CATEGORY_DESCRIPTION_MAX,
      `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
    )
    .default(''),
});
export type CategoryBody = z.input<typeof CategoryBodySchema>;

export const CategoryParamsSchema = z.object({
  categoryId: singleLineText('Category id', { keepSpaces: true }),
});

export const CATEGORY_NOT_FOUND_MESSAGE = 'Category not found';
export const CATEGORY_TAKEN_MESSAGE = 'A category with this name or slug already exists';
export const CATEGORY_NOT_EMPTY_MESSAGE = 'Only a category without products can be deleted';
export const categoryDeletedMessage = (name: string) => `Category ${name} is deleted`;
export const categorySavedMessage = (name: string) => `Category ${name} is saved`;
