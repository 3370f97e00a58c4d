/**
 * The internal architecture page (spec 3 §2 "Architecture page", §4 "Architecture gate"): a shared password,
 * checked on the server, unlocks nine tabs that describe this installation with figures read from it.
 */
import { z } from 'zod';

export const ARCHITECTURE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'architecture', label: 'Architecture' },
  { id: 'roles', label: 'Roles & Access' },
  { id: 'data-flow', label: 'Data Flow' },
  { id: 'database', label: 'Database' },
  { id: 'infrastructure', label: 'Infrastructure' },
  { id: 'codebase', label: 'Codebase' },
  { id: 'security', label: 'Security' },
  { id: 'roadmap', label: 'Roadmap' },
] as const;
export const ARCHITECTURE_TAB_IDS = ARCHITECTURE_TABS.map((tab) => tab.id) as [
  (typeof ARCHITECTURE_TABS)[number]['id'],
  ...(typeof ARCHITECTURE_TABS)[number]['id'][],
];
export type ArchitectureTabId = (typeof ARCHITECTURE_TABS)[number]['id'];

/** Spec 3 §8: the gate's one error text. */
export const ARCHITECTURE_INVALID_PASSWORD = 'Invalid password';
export const ARCHITECTURE_DISABLED = 'The architecture page is disabled: ARCHITECTURE_PASSWORD is not set';
export const ARCHITECTURE_PASSWORD_MAX = 200;

export const architectureStatusSchema = z.object({
  /** False when the operator set no ARCHITECTURE_PASSWORD: the page says so and shows no prompt. */
  enabled: z.boolean(),
});
export type ArchitectureStatus = z.infer<typeof architectureStatusSchema>;

export const architectureUnlockSchema = z
  .object({
    password: z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(ARCHITECTURE_PASSWORD_MAX, `must be at most ${ARCHITECTURE_PASSWORD_MAX} characters`),
  })
  .strict();

/** One piece of a tab: a paragraph, a list, labelled figures or a table (cells are display text). */
export const architectureBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('list'), items: z.array(z.string()) }),
  z.object({
    kind: z.literal('figures'),
    items: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
  z.object({
    kind: z.literal('table'),
    caption: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
  }),
]);
export type ArchitectureBlock = z.infer<typeof architectureBlockSchema>;

export const architectureTabSchema = z.object({
  id: z.enum(ARCHITECTURE_TAB_IDS),
  label: z.string(),
  summary: z.string(),
  sections: z.array(z.object({ heading: z.string(), blocks: z.array(architectureBlockSchema) })),
});
export type ArchitectureTab = z.infer<typeof architectureTabSchema>;

/** What the tabs' tables are computed from, as numbers and names (API clients and tests read these). */
export const architectureFiguresSchema = z.object({
  version: z.string(),
  nodeVersion: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    sizeBytes: z.number().int().nullable(),
    extensions: z.array(z.object({ name: z.string(), version: z.string() })),
  }),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.number().int(),
      rowLevelSecurity: z.boolean(),
      policies: z.number().int(),
    }),
  ),
  indexes: z.number().int(),
  policies: z.number().int(),
  migrations: z.object({
    applied: z.number().int(),
    inRepository: z.number().int(),
    latest: z.string().nullable(),
  }),
  api: z.object({
    total: z.number().int(),
    byMethod: z.record(z.string(), z.number().int()),
    routes: z.array(z.object({ method: z.string(), path: z.string(), tag: z.string(), summary: z.string() })),
  }),
  jobs: z.object({
    types: z.array(z.string()),
    schedules: z.array(z.object({ name: z.string(), type: z.string(), intervalSeconds: z.number().int() })),
    byStatus: z.record(z.string(), z.number().int()),
  }),
  roles: z.object({
    databaseRole: z.string(),
    databaseRoleExists: z.boolean(),
    rowLevelSecurityTables: z.number().int(),
  }),
  ai: z.object({ provider: z.enum(['builtin', 'openai']), model: z.string().nullable() }),
  /** Null when the sources are not shipped with this installation. */
  codebase: z
    .object({
      folders: z.array(z.object({ path: z.string(), files: z.number().int(), lines: z.number().int() })),
      testFiles: z.number().int(),
    })
    .nullable(),
});
export type ArchitectureFigures = z.infer<typeof architectureFiguresSchema>;

export const architectureDocumentSchema = z.object({
  generatedAt: z.string(),
  figures: architectureFiguresSchema,
  tabs: z.array(architectureTabSchema),
});
export type ArchitectureDocument = z.infer<typeof architectureDocumentSchema>;
