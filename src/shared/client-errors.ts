/**
 * What a browser sends to `POST /api/v1/client-errors` (spec 1 §9: errors go to the server log). Every text is
 * capped; the server scrubs it again before logging (diagnostics.ts), whatever the browser claims to have done.
 */
import { z } from 'zod';

const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'render', 'api'] as const;
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const clientErrorSchema = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS, { error: `must be one of ${CLIENT_ERROR_KINDS.join(', ')}` }),
    message: z
      .string({ error: 'must be a text' })
      .trim()
      .min(1, 'must not be empty')
      .max(1000, 'must be at most 1000 characters'),
    route: z.string({ error: 'must be a text' }).max(300, 'must be at most 300 characters'),
    source: z.string().max(300, 'must be at most 300 characters').optional(),
    stack: z.string().max(4000, 'must be at most 4000 characters').optional(),
    method: z.enum(HTTP_METHODS, { error: 'must be an HTTP method' }).optional(),
    apiRoute: z.string().max(300, 'must be at most 300 characters').optional(),
    status: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(599, 'must be at most 599')
      .optional(),
    version: z.string().max(40, 'must be at most 40 characters').optional(),
  })
  .strict();

export type ClientErrorReport = z.infer<typeof clientErrorSchema>;
