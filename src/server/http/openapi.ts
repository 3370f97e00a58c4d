/** Building blocks of the routes' OpenAPI definitions, so every route describes bodies and parameters alike. */
import { z } from '@hono/zod-openapi';
import { errorResponseSchema } from './errors.ts';

/** A JSON response (or body) with its schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An error response: `{ error: { code, message } }`. */
export const error = (description: string) => json(errorResponseSchema, description);

/** A repeated query parameter (`industry=a&industry=b`) or a single one, as a list. */
export const many = (max: number) =>
  z
    .union([z.string().max(max), z.array(z.string().max(max)).max(50)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .openapi({ type: 'array', items: { type: 'string' } });

/** An optional whole-number query parameter within bounds. */
export const int = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .optional();

/** Spec 3 §3 "Filter validation result": what the user's filters became (company and people searches, copilot). */
export const filterValidationSchema = z
  .object({
    validFilters: z.record(z.string(), z.array(z.string())),
    invalidFilters: z.array(z.string()),
    suggestions: z.array(z.string()),
  })
  .openapi('FilterValidation');
